package com.scalesense.hal;

/** HX711 output data rates, chosen by the RATE pin (datasheet p.1: 10 SPS or 80 SPS). */
public enum SampleRate {
    SPS_10(10),
    SPS_80(80);

    private final int samplesPerSecond;

    SampleRate(int samplesPerSecond) {
        this.samplesPerSecond = samplesPerSecond;
    }

    public int samplesPerSecond() {
        return samplesPerSecond;
    }

    /** Nominal time between two conversions, in nanoseconds. */
    public long periodNanos() {
        return 1_000_000_000L / samplesPerSecond;
    }
}
