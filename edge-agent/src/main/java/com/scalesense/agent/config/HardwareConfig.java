package com.scalesense.agent.config;

import com.scalesense.hal.SampleRate;

/**
 * The sensors wired to this scale.
 *
 * @param doutPin            BCM number of the HX711 DOUT line
 * @param sckPin             BCM number of the HX711 PD_SCK line
 * @param rate               10 or 80 SPS, as the board's RATE pin is strapped (HX711 datasheet p.1)
 * @param batteryPowerSupply name under /sys/class/power_supply of the battery, or null for none
 * @param ds18b20            whether a DS18B20 probe on 1-Wire reports the cell's temperature
 */
public record HardwareConfig(int doutPin, int sckPin, SampleRate rate, String batteryPowerSupply, boolean ds18b20) {
}
