package com.scalesense.hal.hx711;

import com.scalesense.hal.SampleRate;

/**
 * The HX711 timings the driver keeps and the emulator enforces, in nanoseconds, each with the
 * page of the Avia Semiconductor HX711 datasheet it comes from.
 */
public final class Hx711Datasheet {

    /** T1, DOUT falling edge to the first PD_SCK rising edge: at least 0.1 µs (p.5, Fig.2 table). */
    public static final long T1_MIN_NANOS = 100;
    /** T2, PD_SCK rising edge to DOUT data valid: at most 0.1 µs (p.5, Fig.2 table). */
    public static final long T2_MAX_NANOS = 100;
    /** T3, PD_SCK high time: at least 0.2 µs (p.5, Fig.2 table). */
    public static final long T3_MIN_NANOS = 200;
    /** T3, PD_SCK high time: at most 50 µs (p.5, Fig.2 table); the driver rejects a read with a longer pulse. */
    public static final long T3_MAX_NANOS = 50_000;
    /** T4, PD_SCK low time: at least 0.2 µs (p.5, Fig.2 table). */
    public static final long T4_MIN_NANOS = 200;
    /** PD_SCK high for longer than 60 µs powers the chip down (p.5, Fig.3). */
    public static final long POWER_DOWN_NANOS = 60_000;
    /**
     * How long the driver holds PD_SCK high to reset the chip: well past {@link #POWER_DOWN_NANOS}
     * so that a late edge on a loaded CPU still counts as a power-down (p.5: low again = reset).
     */
    public static final long RESET_HIGH_NANOS = 2 * POWER_DOWN_NANOS;
    /**
     * Conversion periods from power-up, reset, or an input/gain change to valid stable data:
     * 400 ms at 10 SPS and 50 ms at 80 SPS (p.3, "Output settling time" and its note 1),
     * which is four conversion periods at either rate.
     */
    public static final int SETTLING_PERIODS = 4;
    /**
     * Counts per millivolt at channel A, gain 128: ±20 mV is full scale ±2^23 counts (p.1 gives
     * ±20 mV at gain 128 for AVDD = 5 V; the output is 24-bit two's complement). The scale of
     * {@code hal.sim.AdcSignal} and of the datasheet's input noise in counts.
     */
    public static final double COUNTS_PER_MV = 8_388_608.0 / 20.0;

    private Hx711Datasheet() {
    }

    /** Output settling time at {@code rate}, nanoseconds (p.3): 400 ms at 10 SPS, 50 ms at 80 SPS. */
    public static long settlingNanos(SampleRate rate) {
        return SETTLING_PERIODS * rate.periodNanos();
    }
}
