package com.scalesense.sink.store;

/**
 * What a keg's {@code KEG#<keg_id>/META} says (written by the admin's KegAssigner).
 *
 * @param locId    the location whose scales may name the keg
 * @param beerId   its beer (a global id or a location's custom {@code loc-001#house-ale}), or null
 * @param kegType  e.g. {@code half_barrel}, or null
 * @param fullLbs  gross weight of the keg when full, pounds, or null
 * @param emptyLbs empty keg, pounds, or null
 */
public record KegFacts(String kegId, String locId, String beerId, String kegType, Double fullLbs, Double emptyLbs) {
}
