package com.scalesense.demo.scale;

import com.scalesense.agent.sim.AcceptedRecord;
import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.Reading;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * What the simulated scales produced: every reading and pour their agents durably accepted into
 * an outbox, in order (told by the in-process scales, or read from a forked agent's accepted log).
 * This is the truth the stored tables are checked against. Thread-safe.
 */
public final class Ledger {

    /**
     * A reading an agent accepted.
     *
     * @param kegId the keg the agent believed was on the tap (null when none was assigned)
     */
    public record Sent(TapPlan tap, String bootId, String kegId, Reading reading) {
    }

    /**
     * A pour an agent detected and accepted.
     *
     * @param heardAtNanos the ledger's real clock when it heard of it: for an in-process
     *                     agent, the instant its outbox took the pour's end (the freshness benchmark)
     */
    public record Poured(TapPlan tap, DeviceEvent.Pour pour, long heardAtNanos) {
    }

    private final List<Sent> readings = new ArrayList<>();
    private final List<Poured> pours = new ArrayList<>();
    private final LongSupplier realNanos;

    /** A ledger that stamps pours with {@code System.nanoTime()}. */
    public Ledger() {
        this(System::nanoTime);
    }

    /** @param realNanos the real clock a pour's {@link Poured#heardAtNanos()} is read from (the freshness benchmark's) */
    public Ledger(LongSupplier realNanos) {
        this.realNanos = realNanos;
    }

    /**
     * Records one line of a forked agent's {@code simulate.accepted_log}: a reading as a reading,
     * a pour as a pour; other events (keg swap, tare, sensor error) have no expectation here.
     */
    public void accepted(TapPlan tap, AcceptedRecord record) {
        if (!record.event()) {
            reading(tap, record.bootId(), record.kegId(), record.reading());
        } else if (record.deviceEvent() instanceof DeviceEvent.Pour p) {
            pour(tap, p);
        }
    }

    synchronized void reading(TapPlan tap, String bootId, String kegId, Reading reading) {
        readings.add(new Sent(tap, bootId, kegId, reading));
    }

    synchronized void pour(TapPlan tap, DeviceEvent.Pour pour) {
        pours.add(new Poured(tap, pour, realNanos.getAsLong()));
    }

    /** Readings of one tap's scale, in the order they were accepted. */
    public synchronized List<Sent> readings(TapPlan tap) {
        return readings.stream().filter(s -> s.tap().equals(tap)).toList();
    }

    /** Pours of one tap, in the order they were accepted. */
    public synchronized List<Poured> pours(TapPlan tap) {
        return pours.stream().filter(p -> p.tap().equals(tap)).toList();
    }

    public synchronized int readingCount() {
        return readings.size();
    }

    /** A copy of every reading so far. */
    public synchronized List<Sent> allReadings() {
        return new ArrayList<>(readings);
    }
}
