package com.scalesense.protocol;

import java.util.List;
import java.util.Optional;

/**
 * Seed 000's "Keg type reference data": the one copy. The scale's {@code KegType}, the sink's
 * seed loader and keg assignment, the rules of tare events and commands read it here, and
 * {@code seeds/keg-types.json} must list exactly these rows (checked by a test and by the seed
 * reader).
 */
public final class KegTypes {

    public static final KegReference HALF_BARREL = new KegReference("half_barrel", 15.5, 161.5, 29.0);
    public static final KegReference QUARTER_BARREL = new KegReference("quarter_barrel", 7.75, 87.0, 22.0);
    public static final KegReference SIXTH_BARREL = new KegReference("sixth_barrel", 5.17, 61.0, 16.5);
    public static final KegReference SLIM_QUARTER = new KegReference("slim_quarter", 7.75, 87.0, 20.0);

    /** The table in seed 000's order. */
    public static final List<KegReference> ALL = List.of(HALF_BARREL, QUARTER_BARREL, SIXTH_BARREL, SLIM_QUARTER);

    private KegTypes() {
    }

    /** The row with {@code id}; empty for null or an id not in the table. */
    public static Optional<KegReference> byId(String id) {
        return ALL.stream().filter(t -> t.id().equals(id)).findFirst();
    }

    /** Whether {@code id} names a row of the table; false for null. */
    public static boolean isKegType(String id) {
        return byId(id).isPresent();
    }
}
