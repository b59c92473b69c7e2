package com.scalesense.sink.store;

import com.scalesense.protocol.ReadingsBatch;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A {@link SinkStore} that passes every call to another, with every write going through
 * {@link #write}: the one place a wrapper hooks in to observe or interrupt the sink between two
 * writes (the crash tests and the demo's sink crash, which a real table cannot do on demand).
 * Reads pass straight through.
 */
public abstract class ForwardingSinkStore implements SinkStore {

    /** The writes of {@link SinkStore}, in the order an ingestion makes them. */
    public enum WriteStep {
        PUT_READINGS, ADVANCE_TAP_STATE, ADVANCE_TELEMETRY, RECORD_TARE, CHANGE_ASSIGNMENT, TOUCH_DEVICE, REGISTER,
        COMMIT, COMMIT_ALERTS, RECORD_CONNECTION, COUNT_POURS
    }

    private final SinkStore real;

    protected ForwardingSinkStore(SinkStore real) {
        this.real = Objects.requireNonNull(real, "real");
    }

    /** Runs one write against the real store; the default just runs it. */
    protected void write(WriteStep step, Runnable write) {
        write.run();
    }

    @Override
    public Optional<StoredMarker> marker(String batchId) {
        return real.marker(batchId);
    }

    @Override
    public IngestContext context(ContextQuery query) {
        return real.context(query);
    }

    @Override
    public Optional<String> registeredDevice(String hardwareId) {
        return real.registeredDevice(hardwareId);
    }

    @Override
    public List<DeviceSeen> devicesSeenBefore(String cutoff, int limit) {
        return real.devicesSeenBefore(cutoff, limit);
    }

    @Override
    public List<DeviceSeen> devicesDisconnectedBefore(long cutoffMs, int limit) {
        return real.devicesDisconnectedBefore(cutoffMs, limit);
    }

    @Override
    public void countPours(String batchId, List<SummaryAdd> summaries) {
        write(WriteStep.COUNT_POURS, () -> real.countPours(batchId, summaries));
    }

    @Override
    public boolean recordConnection(ConnectionChange change) {
        boolean[] written = new boolean[1];
        write(WriteStep.RECORD_CONNECTION, () -> written[0] = real.recordConnection(change));
        return written[0];
    }

    @Override
    public void requireStorable(ReadingsBatch batch) {
        real.requireStorable(batch);
    }

    @Override
    public Optional<DeviceRegistration> registration(String deviceId) {
        return real.registration(deviceId);
    }

    @Override
    public void putReadings(ReadingsBatch batch) {
        write(WriteStep.PUT_READINGS, () -> real.putReadings(batch));
    }

    @Override
    public void advanceTapState(TapStateUpdate update) {
        write(WriteStep.ADVANCE_TAP_STATE, () -> real.advanceTapState(update));
    }

    @Override
    public void advanceTelemetry(TelemetryUpdate update) {
        write(WriteStep.ADVANCE_TELEMETRY, () -> real.advanceTelemetry(update));
    }

    @Override
    public void changeAssignment(AssignmentChange change) {
        write(WriteStep.CHANGE_ASSIGNMENT, () -> real.changeAssignment(change));
    }

    @Override
    public void recordTare(TareUpdate update) {
        write(WriteStep.RECORD_TARE, () -> real.recordTare(update));
    }

    @Override
    public void touchDevice(DeviceTouch touch) {
        write(WriteStep.TOUCH_DEVICE, () -> real.touchDevice(touch));
    }

    @Override
    public void register(RegistrationUpsert registration) {
        write(WriteStep.REGISTER, () -> real.register(registration));
    }

    @Override
    public void commit(BatchCommit commit) {
        write(WriteStep.COMMIT, () -> real.commit(commit));
    }

    @Override
    public void commitAlerts(AlertCommit commit) {
        write(WriteStep.COMMIT_ALERTS, () -> real.commitAlerts(commit));
    }
}
