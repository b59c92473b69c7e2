package com.scalesense.agent.pipeline;

import com.scalesense.hal.BatteryState;

/**
 * What the scale knows besides the load cell when a sample arrives.
 *
 * @param temperatureC temperature at the cell, °C, or null without a sensor
 * @param battery      battery state, or null without a gauge
 * @param clockSynced  whether the wall clock has been synchronised (readings are flagged otherwise)
 */
public record Ambient(Double temperatureC, BatteryState battery, boolean clockSynced) {

    /** No temperature sensor, no battery gauge, clock synchronised. */
    public static final Ambient SYNCED = new Ambient(null, null, true);
}
