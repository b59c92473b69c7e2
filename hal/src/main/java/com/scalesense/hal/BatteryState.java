package com.scalesense.hal;

/**
 * @param volts   cell voltage, V
 * @param percent state of charge, % in [0, 100]
 */
public record BatteryState(double volts, double percent) {
}
