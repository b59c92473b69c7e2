package com.scalesense.hal.replay;

/**
 * The HX711 channel and gain a trace was captured at, as written in the {@code gain} header.
 * The names follow the HX711 datasheet's input selection table (p.4): channel A at gain 128
 * (25 clock pulses), channel B at gain 32 (26 pulses), channel A at gain 64 (27 pulses).
 */
public enum TraceGain {
    A_128,
    B_32,
    A_64;

    /**
     * @throws IllegalArgumentException if {@code text} names no gain
     */
    static TraceGain parse(String text) {
        for (TraceGain gain : values()) {
            if (gain.name().equals(text)) {
                return gain;
            }
        }
        throw new IllegalArgumentException("one of A_128, B_32, A_64");
    }
}
