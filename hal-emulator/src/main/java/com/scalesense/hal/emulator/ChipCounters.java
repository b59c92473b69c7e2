package com.scalesense.hal.emulator;

/**
 * What an emulated HX711 has done since it was attached (a snapshot).
 *
 * @param conversions  conversions completed (DOUT went low with new data)
 * @param reads        reads that shifted all 24 bits out (their 25th PD_SCK rising edge came)
 * @param unread       conversions overwritten by the next one before anyone read them
 * @param overruns     conversions lost because a read was still under way when they completed
 * @param powerDowns   times PD_SCK stayed high longer than 60 µs (datasheet p.5)
 * @param serialErrors reads with fewer than 25 or more than 27 pulses within a conversion period (p.4)
 * @param strayPulses  rising edges while no data was ready, which the chip ignores
 */
public record ChipCounters(long conversions, long reads, long unread, long overruns, long powerDowns,
                           long serialErrors, long strayPulses) {
}
