package com.scalesense.sink.admin;

import com.scalesense.sink.validation.Fields;

/**
 * A beer profile: global ({@code BEER#<id>}, seen by every location) or custom to one location
 * ({@code BEER#<loc_id>#<id>}), per seed 000's beer library.
 *
 * @param id              e.g. {@code guinness-draught}
 * @param locId           the owning location of a custom beer, {@code null} for a global one
 * @param name            display name
 * @param brewery         optional
 * @param style           optional, e.g. {@code IPA}
 * @param abv             alcohol by volume in percent, optional
 * @param specificGravity finished-beer density relative to water, dimensionless (seed 000: default 1.0)
 */
public record Beer(String id, String locId, String name, String brewery, String style, Double abv,
                   double specificGravity) {

    /** Seed 000: "Default: 1.0 (water)". */
    public static final double DEFAULT_SPECIFIC_GRAVITY = 1.0;

    public Beer {
        Fields.match("beer_id", id, Fields.BEER_ID);
        if (locId != null) {
            Fields.match("loc_id", locId, Fields.LOC_ID);
            // The ref is what a scale's assign_keg names: it must pass the protocol's beer_id rule.
            Fields.beerRef(locId + "#" + id);
        }
        name = Fields.text("name", name, 100);
        brewery = Fields.optionalText("brewery", brewery, 100);
        style = Fields.optionalText("style", style, 60);
        if (abv != null) {
            Fields.range("abv", abv, 0.0, 70.0);
        }
        // Finished beer lies near 1.000-1.030; dry beers dip just below water. Outside this band
        // the number is a typo (e.g. 1014 for 1.014) and would skew every gallons figure.
        Fields.range("specific_gravity", specificGravity, 0.990, 1.100);
    }

    /**
     * What follows {@code BEER#} in the key and what a tap's {@code beer_id} holds:
     * {@code guinness-draught} or {@code loc-001#house-ale}.
     */
    public String ref() {
        return locId == null ? id : locId + "#" + id;
    }

    public boolean isCustom() {
        return locId != null;
    }
}
