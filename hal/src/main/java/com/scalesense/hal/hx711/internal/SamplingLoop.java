package com.scalesense.hal.hx711.internal;

import com.pi4j.io.gpio.digital.DigitalInput;
import com.scalesense.hal.RawSample;
import com.scalesense.hal.SampleStatus;
import com.scalesense.hal.hx711.Gain;
import com.scalesense.hal.hx711.Hx711Config;
import com.scalesense.hal.hx711.Hx711Datasheet;
import com.scalesense.hal.hx711.Hx711Timing;

import java.time.Clock;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The sampling thread's body: waits for each conversion, reads it, classifies it and puts it in
 * the ring. Resets the chip when it goes silent or a read was mistimed, and discards conversions
 * that the datasheet says are not yet settled (p.3: power-up, reset, input or gain change).
 */
public final class SamplingLoop implements Runnable {

    /** Polls per conversion period while waiting for DOUT low: latency ≤ 1/40 of a period. */
    private static final int POLLS_PER_PERIOD = 40;

    private final Hx711Config config;
    private final DigitalInput dout;
    private final ConversionReader reader;
    private final SampleRing ring;
    private final Clock clock;
    private final Hx711Timing time;
    private final long settlingNanos;
    private final long pollNanos;
    private final AtomicLong discarded = new AtomicLong();
    private final AtomicLong violations = new AtomicLong();
    private final AtomicLong resets = new AtomicLong();
    private volatile Gain requested;
    private volatile boolean running = true;
    private volatile RuntimeException failure;
    private Gain convertingAt = Gain.A_128;
    private boolean discardNext = true;
    private long settledAfter;
    private boolean afterReset;
    private long readyAt;

    public SamplingLoop(Hx711Config config, DigitalInput dout, ConversionReader reader, SampleRing ring,
                        Clock clock, Hx711Timing time) {
        this.config = config;
        this.dout = dout;
        this.reader = reader;
        this.ring = ring;
        this.clock = clock;
        this.time = time;
        this.requested = config.gain();
        this.settlingNanos = Hx711Datasheet.settlingNanos(config.rate());
        this.pollNanos = config.rate().periodNanos() / POLLS_PER_PERIOD;
    }

    @Override
    public void run() {
        try {
            sample();
        } catch (RuntimeException gpioFailure) {
            // Pi4J reports pin I/O failures unchecked; keep it for readers rather than let the
            // thread die silently and leave them seeing NOT_READY for ever.
            failure = gpioFailure;
        } finally {
            powerDownQuietly();
            ring.close();
        }
    }

    private void sample() {
        reset();
        while (running) {
            long timeout = config.readyTimeoutNanos() + (afterReset ? settlingNanos : 0);
            boolean ready = awaitReady(timeout);
            if (!running) {
                break;
            }
            if (ready) {
                readOne();
            } else {
                recoverFromSilence();
            }
        }
    }

    private void powerDownQuietly() {
        try {
            reader.powerDown();
        } catch (RuntimeException again) {
            if (failure != null) {
                failure.addSuppressed(again);
            } else {
                failure = again;
            }
        }
    }

    /** The GPIO failure that stopped sampling, or null while sampling runs or after a clean stop. */
    public RuntimeException failure() {
        return failure;
    }

    /** Asks the thread to stop; it powers the chip down and closes the ring on its way out. */
    public void stop() {
        running = false;
    }

    public void requestGain(Gain gain) {
        requested = gain;
    }

    public Gain requestedGain() {
        return requested;
    }

    public long discardedConversions() {
        return discarded.get();
    }

    public long timingViolations() {
        return violations.get();
    }

    public long chipResets() {
        return resets.get();
    }

    private void readOne() {
        Gain selecting = requested;
        boolean clean = reader.shiftOut(readyAt, selecting);
        afterReset = false;
        if (!clean) {
            violations.incrementAndGet();
            publish(0, readyAt, SampleStatus.TIMING_VIOLATION);
            // The chip may have powered down and come back at A/128, or lost sync: start afresh.
            reset();
            return;
        }
        boolean unsettled = discardNext || readyAt - settledAfter < 0;
        discardNext = false;
        if (selecting != convertingAt) {
            // The next conversion is the first at the new input or gain (p.4 Table 3, p.3 settling).
            convertingAt = selecting;
            discardNext = true;
            settledAfter = time.nanoTime() + settlingNanos;
        }
        if (unsettled) {
            discarded.incrementAndGet();
            return;
        }
        int value = ConversionReader.signExtend(reader.code());
        boolean saturated = value == RawSample.MAX_COUNT || value == RawSample.MIN_COUNT;
        publish(value, readyAt, saturated ? SampleStatus.SATURATED : SampleStatus.OK);
    }

    private void recoverFromSilence() {
        long since = time.nanoTime();
        reset();
        boolean answered = awaitReady(settlingNanos + config.readyTimeoutNanos());
        // A chip that answers after a reset was only stalled; one that does not is not there.
        publish(0, since, answered ? SampleStatus.NOT_READY : SampleStatus.DISCONNECTED);
    }

    private void reset() {
        long lowAt = reader.resetChip();
        resets.incrementAndGet();
        // After a reset the chip converts channel A at gain 128 (p.5) and needs the settling time.
        convertingAt = Gain.A_128;
        discardNext = true;
        settledAfter = lowAt + settlingNanos;
        afterReset = true;
    }

    /** Waits for DOUT low; on success {@link #readyAt} holds when it was seen low. */
    private boolean awaitReady(long timeoutNanos) {
        long start = time.nanoTime();
        while (running) {
            long now = time.nanoTime();
            if (dout.isLow()) {
                readyAt = now;
                return true;
            }
            if (now - start >= timeoutNanos) {
                return false;
            }
            time.parkNanos(pollNanos);
        }
        return false;
    }

    private void publish(int value, long monotonicNanos, SampleStatus status) {
        ring.put(value, monotonicNanos, clock.millis(), status);
    }
}
