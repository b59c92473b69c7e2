package com.scalesense.demo.cloud;

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
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The sink's real DynamoDB store with one injectable fault: once armed, the next batches die
 * right after their readings and tap state were written and before their commit, the way a
 * Lambda killed mid-invocation leaves them. A real table cannot be made to fail there on demand.
 */
public final class FaultySinkStore implements SinkStore {

    /** The simulated death of the sink in the middle of a batch. */
    public static final class SinkCrash extends RuntimeException {
        private static final long serialVersionUID = 1L;

        SinkCrash() {
            super("simulated sink crash between the tap state write and the commit");
        }
    }

    private final SinkStore real;
    private final AtomicInteger crashesLeft = new AtomicInteger();
    private final AtomicInteger crashes = new AtomicInteger();

    public FaultySinkStore(SinkStore real) {
        this.real = real;
    }

    /** The next {@code batches} batch ingestions crash before their commit. */
    public void crashNext(int batches) {
        crashesLeft.set(batches);
    }

    /** Crashes so far. */
    public int crashes() {
        return crashes.get();
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
    public void putReadings(ReadingsBatch batch) {
        real.putReadings(batch);
    }

    @Override
    public void advanceTapState(TapStateUpdate update) {
        real.advanceTapState(update);
    }

    @Override
    public void advanceTelemetry(TelemetryUpdate update) {
        real.advanceTelemetry(update);
    }

    @Override
    public void recordTare(TareUpdate update) {
        real.recordTare(update);
    }

    @Override
    public void touchDevice(DeviceTouch touch) {
        real.touchDevice(touch);
    }

    @Override
    public Optional<String> registeredDevice(String hardwareId) {
        return real.registeredDevice(hardwareId);
    }

    @Override
    public void register(RegistrationUpsert registration) {
        real.register(registration);
    }

    @Override
    public void commit(BatchCommit commit) {
        if (crashesLeft.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
            crashes.incrementAndGet();
            throw new SinkCrash();
        }
        real.commit(commit);
    }

    @Override
    public void commitAlerts(AlertCommit commit) {
        real.commitAlerts(commit);
    }

    @Override
    public List<DeviceSeen> devicesSeenBefore(String cutoff, int limit) {
        return real.devicesSeenBefore(cutoff, limit);
    }
}
