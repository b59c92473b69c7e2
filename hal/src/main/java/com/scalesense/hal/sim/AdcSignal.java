package com.scalesense.hal.sim;

/**
 * The analog input of an emulated HX711, as a function of time.
 *
 * <p>Returns the differential input expressed in ADC counts as channel A at gain 128 would
 * convert it (so ±20 mV full scale is ±0x800000, datasheet p.3); the emulator scales it for
 * gain 64 and channel B's gain 32 and clips it to the 24-bit range. Time is nanoseconds on the
 * emulator's clock, so a simulator can drive it faster than real time.
 */
@FunctionalInterface
public interface AdcSignal {

    /**
     * @param nanos time on the emulator's clock, nanoseconds
     * @return input in counts at channel A / gain 128, before clipping
     */
    double countsAt(long nanos);
}
