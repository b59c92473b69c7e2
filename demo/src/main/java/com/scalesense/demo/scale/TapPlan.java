package com.scalesense.demo.scale;

import com.scalesense.agent.pipeline.keg.KegType;

/**
 * One tap of the simulated bar and the scale under its keg.
 *
 * @param tapNumber     two-digit tap number, e.g. {@code 02} (tap_id {@code loc-001#TAP#02})
 * @param deviceId      the scale's device_id, e.g. {@code SCALE-0002}
 * @param hardwareId    the scale's MAC, seed 001's hardware_id
 * @param beerRef       seed beer id, e.g. {@code sierra-nevada-pale-ale}
 * @param beerName      display name of the beer
 * @param sg            the beer's specific gravity (seed 000), dimensionless
 * @param kegType       size of the keg on the scale
 * @param startLevelPct level of the keg when the evening begins, percent of its capacity
 * @param poursPerHour  mean pours per hour at an average hour of the evening
 */
public record TapPlan(String tapNumber, String deviceId, String hardwareId, String beerRef, String beerName,
                      double sg, KegType kegType, double startLevelPct, double poursPerHour) {

    /** tap_id of this tap at {@code locId}. */
    public String tapId(String locId) {
        return locId + "#TAP#" + tapNumber;
    }
}
