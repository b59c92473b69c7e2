package com.scalesense.protocol.internal;

import com.scalesense.protocol.Ids;
import com.scalesense.protocol.PhysicalRange;
import com.scalesense.protocol.Timestamps;
import com.scalesense.protocol.Violation;
import java.util.ArrayList;
import java.util.List;

/**
 * Collects the violations of one message. Field paths are built only when a rule fails, so a
 * valid message costs no string building.
 */
public final class Problems {

    /** The rule text of an epoch-ms field outside seed 001's range. */
    public static final String TIMESTAMP_RULE = Timestamps.RULE;

    private final boolean timeRangeWaived;
    private List<Violation> found;

    /** Checks every rule. */
    public Problems() {
        this(false);
    }

    /**
     * @param timeRangeWaived true to skip the range rule of every epoch-ms time of a record (see
     *                        {@link RecordRules}): it was taken before the clock was set
     */
    Problems(boolean timeRangeWaived) {
        this.timeRangeWaived = timeRangeWaived;
    }

    public void add(String field, Object value, String rule) {
        if (found == null) {
            found = new ArrayList<>();
        }
        found.add(new Violation(field, value == null ? null : String.valueOf(value), rule));
    }

    public List<Violation> toList() {
        return found == null ? List.of() : List.copyOf(found);
    }

    /** Path of a field inside element {@code index} of list {@code list}, e.g. {@code readings[3].level_pct}. */
    static String at(String list, int index, String field) {
        return list + "[" + index + "]." + field;
    }

    static boolean isTimestamp(long ms) {
        return Timestamps.isValid(ms);
    }

    /** Checks {@code value} is in {@code range} (finite, bounded, storable); null passes unless {@code required}. */
    void range(String list, int index, String field, Double value, PhysicalRange range, boolean required) {
        if (value == null) {
            if (required) {
                add(at(list, index, field), null, "is required");
            }
            return;
        }
        if (!range.contains(value)) {
            add(at(list, index, field), value, range.rule());
        }
    }

    void timestamp(String list, int index, String field, long ms) {
        if (!timeRangeWaived && !isTimestamp(ms)) {
            add(at(list, index, field), ms, TIMESTAMP_RULE);
        }
    }

    void name(String field, String name, String what) {
        if (!Ids.isName(name)) {
            add(field, name, what + " must be 1..32 characters of [a-z0-9_]");
        }
    }
}
