package com.scalesense.sink.testing;

import com.scalesense.protocol.ReadingsBatch;
import com.scalesense.sink.store.AlertCommit;
import com.scalesense.sink.store.BatchCommit;
import com.scalesense.sink.store.ContextQuery;
import com.scalesense.sink.store.DeviceSeen;
import com.scalesense.sink.store.DeviceTouch;
import com.scalesense.sink.store.IngestContext;
import com.scalesense.sink.store.RegistrationUpsert;
import com.scalesense.sink.store.SinkStore;
import com.scalesense.sink.store.StoredMarker;
import com.scalesense.sink.store.TapStateUpdate;
import com.scalesense.sink.store.TareUpdate;
import com.scalesense.sink.store.TelemetryUpdate;
import java.util.List;
import java.util.Optional;

/**
 * Passes every call to the real store and "crashes" (throws {@link Crash}) right after the
 * {@code crashAfter}-th write has reached DynamoDB: the Lambda dying between two writes, which a
 * real table cannot be made to do on demand. Reads pass through uncounted.
 */
public final class CrashingStore implements SinkStore {

    /** The simulated death of the process. */
    public static final class Crash extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Crash(int step) {
            super("simulated crash after write step " + step);
        }
    }

    private final SinkStore real;
    private final int crashAfter;
    private int writes;

    /** @param crashAfter 1-based write step after which to crash; {@code Integer.MAX_VALUE} never crashes */
    public CrashingStore(SinkStore real, int crashAfter) {
        this.real = real;
        this.crashAfter = crashAfter;
    }

    /** Write steps done so far. */
    public int writes() {
        return writes;
    }

    private void wrote() {
        writes++;
        if (writes == crashAfter) {
            throw new Crash(writes);
        }
    }

    @Override
    public Optional<StoredMarker> marker(String batchId) {
        return real.marker(batchId);
    }

    @Override
    public Optional<String> registeredDevice(String hardwareId) {
        return real.registeredDevice(hardwareId);
    }

    @Override
    public IngestContext context(ContextQuery query) {
        return real.context(query);
    }

    @Override
    public void putReadings(ReadingsBatch batch) {
        real.putReadings(batch);
        wrote();
    }

    @Override
    public void advanceTapState(TapStateUpdate update) {
        real.advanceTapState(update);
        wrote();
    }

    @Override
    public void advanceTelemetry(TelemetryUpdate update) {
        real.advanceTelemetry(update);
        wrote();
    }

    @Override
    public void recordTare(TareUpdate update) {
        real.recordTare(update);
        wrote();
    }

    @Override
    public void touchDevice(DeviceTouch touch) {
        real.touchDevice(touch);
        wrote();
    }

    @Override
    public void register(RegistrationUpsert registration) {
        real.register(registration);
        wrote();
    }

    @Override
    public void commit(BatchCommit commit) {
        real.commit(commit);
        wrote();
    }

    @Override
    public void commitAlerts(AlertCommit commit) {
        real.commitAlerts(commit);
        wrote();
    }

    @Override
    public List<DeviceSeen> devicesSeenBefore(String cutoff, int limit) {
        return real.devicesSeenBefore(cutoff, limit);
    }
}
