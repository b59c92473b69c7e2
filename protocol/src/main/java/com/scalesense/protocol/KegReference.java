package com.scalesense.protocol;

/**
 * One row of seed 000's keg type reference table (see {@link KegTypes}).
 *
 * @param id       name on the wire and in the tables, e.g. {@code half_barrel}
 * @param gallons  nominal beer capacity, US gallons
 * @param fullLbs  reference gross weight of a full keg, lbs
 * @param emptyLbs reference weight of the empty keg shell, lbs
 */
public record KegReference(String id, double gallons, double fullLbs, double emptyLbs) {
}
