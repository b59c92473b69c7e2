package com.scalesense.hal.emulator.internal;

/**
 * The chip's input multiplexer and amplifier setting, chosen by the pulse count of a read
 * (datasheet p.4 Table 3). Kept apart from the driver's {@code Gain} on purpose: the emulator is
 * an independent reading of the datasheet, so a wrong table in one is caught by the other.
 */
enum InputSelection {
    /** 25 pulses: channel A, gain 128, the reference scale of {@code AdcSignal}. */
    A_128(25, false, 1.0),
    /** 26 pulses: channel B, gain 32: a quarter of the counts gain 128 would give. */
    B_32(26, true, 0.25),
    /** 27 pulses: channel A, gain 64: half the counts of gain 128. */
    A_64(27, false, 0.5);

    private final int pulses;
    private final boolean channelB;
    private final double scale;

    InputSelection(int pulses, boolean channelB, double scale) {
        this.pulses = pulses;
        this.channelB = channelB;
        this.scale = scale;
    }

    static InputSelection forPulses(int pulses) {
        for (InputSelection selection : values()) {
            if (selection.pulses == pulses) {
                return selection;
            }
        }
        throw new IllegalArgumentException("no input for " + pulses + " pulses (25..27)");
    }

    boolean channelB() {
        return channelB;
    }

    double scale() {
        return scale;
    }
}
