package com.scalesense.hal.emulator.internal;

import com.scalesense.hal.SampleRate;
import com.scalesense.hal.emulator.ChipCounters;
import com.scalesense.hal.emulator.EmulatorConfig;

/**
 * The HX711 as a state machine over PD_SCK edges and the passing of time, with every time passed
 * in: {@code conv} on the conversion clock, {@code pulse} on the pulse clock. Thread-safe: every
 * method holds the model's lock, so edges from the driver's thread and ticks from the emulator's
 * thread interleave cleanly. DOUT is driven through {@link DoutLine} only when its level changes.
 */
public final class ChipModel {

    /** PD_SCK high longer than this powers the chip down (datasheet p.5 Fig.3), nanoseconds. */
    public static final long POWER_DOWN_NANOS = 60_000;
    /** PD_SCK high longer than this is out of specification (p.5, T3 max 50 µs), nanoseconds. */
    static final long T3_MAX_NANOS = 50_000;
    /** Pulses at which the data bits end; the 25th pulls DOUT high (p.4). */
    private static final int DATA_BITS = 24;
    private static final int MAX_PULSES = 27;

    /** Where the model drives the DOUT pin. */
    @FunctionalInterface
    public interface DoutLine {
        void drive(boolean high);
    }

    private final long periodNanos;
    private final long settlingNanos;
    private final Converter converter;
    private final DoutLine dout;
    private final Tally counters = new Tally();
    private boolean doutHigh = true;
    private boolean stuckHigh;
    private boolean sckHigh;
    private long risingAt;
    private boolean poweredDown;
    private long nextConversionAt;
    private int outputCode;
    private boolean dataReady;
    private int pulses;
    private boolean straddled;
    private boolean mistimed;
    private int stalledConversions;
    private int allOnesBits;

    public ChipModel(EmulatorConfig config, DoutLine dout, long convNow) {
        SampleRate rate = config.rate();
        this.periodNanos = rate.periodNanos();
        this.settlingNanos = 4 * periodNanos;
        this.converter = new Converter(config.channelA(), config.channelB(), config.seed());
        this.dout = dout;
        powerUp(convNow);
        dout.drive(true);
    }

    /** Applies everything due by now: a power-down past 60 µs high, conversions that completed. */
    public synchronized void advance(long conv, long pulse) {
        if (sckHigh && !poweredDown && pulse - risingAt > POWER_DOWN_NANOS) {
            poweredDown = true;
            dataReady = false;
            counters.powerDowns++;
            setDout(true);
        }
        while (!poweredDown && conv - nextConversionAt >= 0) {
            boundary(nextConversionAt);
            nextConversionAt += periodNanos;
        }
    }

    /** PD_SCK low → high. */
    public synchronized void rising(long conv, long pulse) {
        advance(conv, pulse);
        sckHigh = true;
        risingAt = pulse;
        if (poweredDown || stuckHigh) {
            return;
        }
        if (pulses == 0 && !dataReady) {
            // Clocking while DOUT is high: the datasheet defines no read here; the chip ignores it.
            counters.strayPulses++;
            return;
        }
        if (pulses == 0) {
            dataReady = false;
        }
        pulses++;
        if (pulses <= DATA_BITS) {
            setDout(((outputCode >> (DATA_BITS - pulses)) & 1) == 1);
        } else if (pulses == DATA_BITS + 1) {
            counters.reads++;
            setDout(true);
        } else if (pulses > MAX_PULSES) {
            serialError();
        }
    }

    /** PD_SCK high → low. */
    public synchronized void falling(long conv, long pulse) {
        advance(conv, pulse);
        if (!sckHigh) {
            return;
        }
        sckHigh = false;
        if (poweredDown) {
            powerUp(conv);
        } else if (pulses > 0 && pulse - risingAt > T3_MAX_NANOS) {
            mistimed = true;
        }
    }

    public synchronized ChipCounters counters() {
        return counters.snapshot();
    }

    public synchronized boolean poweredDown() {
        return poweredDown;
    }

    /** Whether a read is under way: PD_SCK pulses of a conversion being shifted out. */
    public synchronized boolean reading() {
        return pulses > 0;
    }

    /** Whether a conversion waits to be read or is being shifted out. */
    public synchronized boolean dataPending() {
        return dataReady || (pulses > 0 && pulses <= DATA_BITS);
    }

    /** Nanoseconds until the next thing the model must do on its own. */
    public synchronized long nanosToNextEvent(long conv, long pulse) {
        long untilConversion = poweredDown ? Long.MAX_VALUE : nextConversionAt - conv;
        long untilPowerDown = sckHigh && !poweredDown ? risingAt + POWER_DOWN_NANOS + 1 - pulse : Long.MAX_VALUE;
        return Math.min(untilConversion, untilPowerDown);
    }

    public synchronized void stuckHigh(boolean stuck) {
        stuckHigh = stuck;
        dout.drive(stuck || doutHigh);
    }

    public synchronized void stall(int conversions) {
        stalledConversions = conversions;
    }

    public synchronized void inject(int value) {
        converter.inject(value);
    }

    public synchronized void overdrive(Double counts) {
        converter.overdrive(counts);
    }

    public synchronized void allOnesAfterMistimedRead(int bits) {
        allOnesBits = bits;
    }

    /** The input the chip converts now: "A_128", "B_32" or "A_64". */
    public synchronized String selection() {
        return converter.selection().name();
    }

    private void boundary(long at) {
        if (pulses > 0) {
            if (pulses > DATA_BITS) {
                finishRead();
            } else if (straddled) {
                // Fewer than 25 pulses within a whole conversion period (p.4): a serial error.
                serialError();
            } else {
                // A read is under way as this conversion completes: it is lost, the read goes on.
                straddled = true;
                counters.overruns++;
                return;
            }
        }
        if (stalledConversions > 0) {
            stalledConversions--;
            return;
        }
        if (dataReady) {
            counters.unread++;
        }
        outputCode = converter.convert(at) & 0xFFFFFF;
        counters.conversions++;
        dataReady = true;
        setDout(false);
    }

    private void finishRead() {
        converter.select(InputSelection.forPulses(pulses));
        if (mistimed && allOnesBits > 0) {
            // Driver users report 2^n - 1 after a read with an over-long clock pulse.
            converter.inject((1 << allOnesBits) - 1);
        }
        endRead();
    }

    private void serialError() {
        counters.serialErrors++;
        converter.serialError();
        endRead();
        setDout(!dataReady);
    }

    private void endRead() {
        pulses = 0;
        straddled = false;
        mistimed = false;
    }

    /** Reset on PD_SCK low after power-down (p.5): A/128, no data until the settling time passed. */
    private void powerUp(long conv) {
        poweredDown = false;
        converter.reset();
        endRead();
        dataReady = false;
        stalledConversions = 0;
        nextConversionAt = conv + settlingNanos;
        setDout(true);
    }

    private void setDout(boolean high) {
        if (high != doutHigh) {
            doutHigh = high;
            if (!stuckHigh) {
                dout.drive(high);
            }
        }
    }
}
