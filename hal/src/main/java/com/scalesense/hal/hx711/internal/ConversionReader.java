package com.scalesense.hal.hx711.internal;

import com.pi4j.io.gpio.digital.DigitalInput;
import com.pi4j.io.gpio.digital.DigitalOutput;
import com.scalesense.hal.hx711.Gain;
import com.scalesense.hal.hx711.Hx711Datasheet;
import com.scalesense.hal.hx711.Hx711Timing;

/**
 * Bit-bangs the HX711 serial interface: shifts one conversion out of DOUT with 25–27 PD_SCK
 * pulses, keeping the datasheet's minimum times (p.5) and timing every clock-high interval.
 * Not thread-safe: one sampling thread owns it. Allocates nothing per read.
 */
public final class ConversionReader {

    private final DigitalInput dout;
    private final DigitalOutput sck;
    private final Hx711Timing time;
    private int code;
    private long longestHighNanos;
    private boolean doutHighAfterRead;

    public ConversionReader(DigitalInput dout, DigitalOutput sck, Hx711Timing time) {
        this.dout = dout;
        this.sck = sck;
        this.time = time;
    }

    /**
     * Shifts out the conversion whose DOUT falling edge was seen at {@code readyAtNanos}, with the
     * pulse count of {@code next} (which selects the next conversion's input, datasheet p.4 Table 3).
     *
     * @return true if the read is trustworthy: no pulse stayed high longer than
     *         {@link Hx711Datasheet#T3_MAX_NANOS} and DOUT was high after the last pulse
     */
    public boolean shiftOut(long readyAtNanos, Gain next) {
        spinUntil(readyAtNanos + Hx711Datasheet.T1_MIN_NANOS);
        int bits = 0;
        long longest = 0;
        int pulses = next.pulses();
        for (int pulse = 0; pulse < pulses; pulse++) {
            // The bound is taken before the edge and after the fall, so it over-estimates the high
            // time: a pre-empted pulse can only be flagged wrongly as too long, never missed.
            long beforeRise = time.nanoTime();
            sck.high();
            long afterRise = time.nanoTime();
            spinUntil(afterRise + Hx711Datasheet.T2_MAX_NANOS);
            if (pulse < Gain.DATA_BITS) {
                // The chip shifts a bit out on each rising edge, MSB first (p.5 Fig.2); pulses past
                // the 24th only select the next input and carry no data.
                bits = (bits << 1) | (dout.isHigh() ? 1 : 0);
            }
            spinUntil(afterRise + Hx711Datasheet.T3_MIN_NANOS);
            sck.low();
            long afterFall = time.nanoTime();
            longest = Math.max(longest, afterFall - beforeRise);
            spinUntil(afterFall + Hx711Datasheet.T4_MIN_NANOS);
        }
        code = bits;
        longestHighNanos = longest;
        // The 25th pulse pulls DOUT back high (p.4); low here means the chip and we disagree on
        // where the read began, so the bits are not this conversion's.
        doutHighAfterRead = dout.isHigh();
        // Over T3's 50 µs maximum is enough: short of the 60 µs power-down the chip stays up but its
        // next conversion can come out as 2^n - 1; the reset that follows a rejected read discards it.
        return longest <= Hx711Datasheet.T3_MAX_NANOS && doutHighAfterRead;
    }

    /** Resets the chip: PD_SCK high past the power-down time, then low (p.5 Fig.3). */
    public long resetChip() {
        sck.high();
        // Timed from after the edge: a minimum time counted from before the call could be eaten
        // by a slow first call (class loading, JIT) and leave the chip powered up.
        long deadline = time.nanoTime() + Hx711Datasheet.RESET_HIGH_NANOS;
        long now;
        while ((now = time.nanoTime()) < deadline) {
            time.parkNanos(deadline - now);
        }
        sck.low();
        return time.nanoTime();
    }

    /** Holds PD_SCK high so the chip stays powered down (p.5 Fig.3). */
    public void powerDown() {
        sck.high();
    }

    /** The 24-bit two's complement code of the last read, unsigned in the low 24 bits. */
    public int code() {
        return code;
    }

    /** The longest clock-high interval of the last read (upper bound), nanoseconds. */
    public long longestHighNanos() {
        return longestHighNanos;
    }

    /** Whether DOUT was high after the last pulse of the last read. */
    public boolean doutHighAfterRead() {
        return doutHighAfterRead;
    }

    /** Sign-extends a 24-bit two's complement code (datasheet p.4) to an int. */
    public static int signExtend(int code24) {
        return (code24 << 8) >> 8;
    }

    private void spinUntil(long deadline) {
        while (time.nanoTime() - deadline < 0) {
            Thread.onSpinWait();
        }
    }
}
