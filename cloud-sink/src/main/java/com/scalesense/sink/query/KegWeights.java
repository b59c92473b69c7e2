package com.scalesense.sink.query;

/**
 * A beer's reference weights in one keg type ({@code BEER#<id>/KEG#<type>}) with seed 000's
 * source badge.
 *
 * @param kegType  e.g. {@code half_barrel}
 * @param fullLbs  full keg, pounds
 * @param emptyLbs empty keg, pounds
 * @param badge    where the numbers come from
 */
public record KegWeights(String kegType, double fullLbs, double emptyLbs, Badge badge) {

    /** Seed 000 "Beer keg weight source badges". */
    public enum Badge {
        /** No measured_at: static reference weights. */
        DEFAULT,
        /** measured_at present: a real tare. */
        SET,
        /** measured_count > 1: a running average of tares. */
        CALCULATED
    }

    static KegWeights of(Item item) {
        Badge badge = !item.has("measured_at") ? Badge.DEFAULT
                : item.number("measured_count") != null && item.number("measured_count").intValue() > 1
                ? Badge.CALCULATED : Badge.SET;
        String sk = item.string("SK");
        return new KegWeights(sk.substring("KEG#".length()), item.number("full_lbs").doubleValue(),
                item.number("empty_lbs").doubleValue(), badge);
    }
}
