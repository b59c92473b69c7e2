package com.scalesense.hal.replay;

import java.util.Objects;

/**
 * How a trace is played back.
 *
 * @param speed    trace seconds per real second: 1.0 plays at the recorded pace, 10.0 ten times
 *                 faster; {@link #AS_FAST_AS_POSSIBLE} does not wait at all
 * @param stamping which wall-clock times the replayed samples carry
 * @param atEnd    what happens after the last row
 */
public record ReplayOptions(double speed, Stamping stamping, AtEnd atEnd) {

    /** A speed that hands out each sample as soon as it is asked for. */
    public static final double AS_FAST_AS_POSSIBLE = Double.POSITIVE_INFINITY;

    /** Which wall-clock times replayed samples carry; monotonic times always start at the replay start. */
    public enum Stamping {
        /** {@code wallMillis} is the trace's timestamp_ms, as recorded. */
        AS_RECORDED,
        /** {@code wallMillis} is the replay's start plus the row's offset from the trace's first row. */
        SHIFTED_TO_REPLAY_START
    }

    /** What a replay does after the last row. */
    public enum AtEnd {
        /** Every later read waits its timeout and returns NOT_READY; {@link ReplayLoadCell#finished()} turns true. */
        STOP,
        /** Starts over from the first row, shifting times so they keep increasing. */
        LOOP
    }

    public ReplayOptions {
        Objects.requireNonNull(stamping, "stamping must not be null");
        Objects.requireNonNull(atEnd, "atEnd must not be null");
        if (!(speed > 0)) {
            throw new IllegalArgumentException("speed '" + speed + "' breaks rule: greater than 0"
                    + " (use AS_FAST_AS_POSSIBLE for no pacing)");
        }
    }

    /** Recorded pace, recorded timestamps, stop at the end. */
    public static ReplayOptions realTime() {
        return new ReplayOptions(1.0, Stamping.AS_RECORDED, AtEnd.STOP);
    }

    /** No pacing, recorded timestamps, stop at the end: for tools that process a whole trace. */
    public static ReplayOptions asFastAsPossible() {
        return new ReplayOptions(AS_FAST_AS_POSSIBLE, Stamping.AS_RECORDED, AtEnd.STOP);
    }

    public ReplayOptions withSpeed(double newSpeed) {
        return new ReplayOptions(newSpeed, stamping, atEnd);
    }

    public ReplayOptions withStamping(Stamping newStamping) {
        return new ReplayOptions(speed, newStamping, atEnd);
    }

    public ReplayOptions withAtEnd(AtEnd newAtEnd) {
        return new ReplayOptions(speed, stamping, newAtEnd);
    }

    boolean paced() {
        return speed != AS_FAST_AS_POSSIBLE;
    }
}
