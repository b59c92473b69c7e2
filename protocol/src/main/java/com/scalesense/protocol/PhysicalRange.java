package com.scalesense.protocol;

/**
 * The values a number of the contract may take: finite, within {@code [min, max]}, and either 0
 * or of a magnitude DynamoDB can store (at least {@link #MIN_MAGNITUDE}; the upper limit,
 * 9.99…E+125, is far above every {@code max} here). Where each range comes from is in
 * {@link PhysicalRanges} and the table of {@code docs/protocol.md}.
 *
 * @param unit the unit the range is in, for messages, e.g. {@code lbs}
 */
public record PhysicalRange(double min, double max, String unit) {

    /**
     * Smallest non-zero magnitude DynamoDB stores: 1E-130 (Amazon DynamoDB Developer Guide,
     * "Supported data types and naming rules", Number). A smaller number fails the write.
     */
    public static final double MIN_MAGNITUDE = 1e-130;

    public PhysicalRange {
        if (!(Double.isFinite(min) && Double.isFinite(max) && min <= max)) {
            throw new ProtocolException("range must be finite with min <= max, was [" + min + ", " + max + "].");
        }
    }

    /** True when {@code value} is finite, in {@code [min, max]} and storable. */
    public boolean contains(double value) {
        return Double.isFinite(value) && value >= min && value <= max
                && (value == 0 || Math.abs(value) >= MIN_MAGNITUDE);
    }

    /** The rule as a violation states it, e.g. {@code must be in [0, 1000] lbs}. */
    public String rule() {
        return "must be a finite number in [" + fmt(min) + ", " + fmt(max) + "] " + unit
                + " (0, or of magnitude >= 1e-130 so DynamoDB can store it)";
    }

    private static String fmt(double d) {
        return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
    }
}
