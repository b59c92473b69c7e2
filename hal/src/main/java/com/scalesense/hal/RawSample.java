package com.scalesense.hal;

/**
 * One conversion of the ADC.
 *
 * @param value          signed 24-bit two's complement count, sign-extended
 *                       (-0x800000..0x7FFFFF, HX711 datasheet p.4); 0 when the status carries no value
 * @param monotonicNanos {@code System.nanoTime()}-style time the sample was taken (for intervals)
 * @param wallMillis     epoch milliseconds the sample was taken, as the wall clock knew it
 * @param status         whether {@code value} may be used
 */
public record RawSample(int value, long monotonicNanos, long wallMillis, SampleStatus status) {

    /** Largest positive count of a 24-bit HX711 (0x7FFFFF): the chip saturates here. */
    public static final int MAX_COUNT = 0x7FFFFF;
    /** Most negative count of a 24-bit HX711 (0x800000 as two's complement). */
    public static final int MIN_COUNT = -0x800000;

    /** True if the value can be turned into a weight. */
    public boolean isValid() {
        return status == SampleStatus.OK;
    }
}
