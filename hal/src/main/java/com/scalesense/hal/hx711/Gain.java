package com.scalesense.hal.hx711;

/**
 * Input channel and gain of the HX711, chosen by how many PD_SCK pulses end a read
 * (datasheet p.4, Table 3). The choice applies to the <em>next</em> conversion.
 *
 * <p>Only the first 24 pulses of a read carry data bits; the extra 1–3 pulses select this and
 * must never be read as data.
 */
public enum Gain {
    /** Channel A, gain 128: ±20 mV full scale at AVDD = 5 V (datasheet p.4); 25 pulses. */
    A_128(25, 128),
    /** Channel B, fixed gain 32: ±80 mV full scale (datasheet p.4); 26 pulses. */
    B_32(26, 32),
    /** Channel A, gain 64: ±40 mV full scale (datasheet p.4); 27 pulses. */
    A_64(27, 64);

    /** Data bits per conversion, shifted out MSB first (datasheet p.4, p.5 Fig.2). */
    public static final int DATA_BITS = 24;

    private final int pulses;
    private final int factor;

    Gain(int pulses, int factor) {
        this.pulses = pulses;
        this.factor = factor;
    }

    /** PD_SCK pulses a read must send to select this input for the next conversion (25..27). */
    public int pulses() {
        return pulses;
    }

    /** The amplifier gain (128, 32 or 64). */
    public int factor() {
        return factor;
    }
}
