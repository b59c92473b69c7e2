package com.scalesense.hal.emulator;

import com.scalesense.hal.SampleRate;
import com.scalesense.hal.sim.AdcSignal;

import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * How an emulated HX711 is strapped and fed.
 *
 * @param rate            the RATE pin strap: conversions every 100 ms (10 SPS) or 12.5 ms (80 SPS)
 * @param channelA        the input on channel A, in counts at gain 128
 * @param channelB        the input on channel B, in the same units (counts as channel A/128 would
 *                        convert it); the chip converts it at gain 32, a quarter of that
 * @param conversionClock nanoseconds on which conversions are scheduled and the signals sampled;
 *                        a clock running faster than real time makes conversions come faster
 * @param pulseClock      nanoseconds on which PD_SCK high times are measured; real time
 *                        ({@code System::nanoTime}) unless a test wants to model a slow host
 * @param seed            seed for the garbage a serial error produces, so runs repeat
 * @param time            the emulated time both clocks read, moved by the driver's own steps
 *                        ({@link #emulated}); null when the chip runs on its own ticker thread
 */
public record EmulatorConfig(SampleRate rate, AdcSignal channelA, AdcSignal channelB,
                             LongSupplier conversionClock, LongSupplier pulseClock, long seed, EmulatedTime time) {

    public EmulatorConfig {
        Objects.requireNonNull(rate, "rate must not be null.");
        Objects.requireNonNull(channelA, "channelA must not be null.");
        Objects.requireNonNull(channelB, "channelB must not be null.");
        Objects.requireNonNull(conversionClock, "conversionClock must not be null.");
        Objects.requireNonNull(pulseClock, "pulseClock must not be null.");
    }

    /**
     * Real time, channel A fed by {@code signal}, channel B grounded. A driver on the real clock
     * reads it as it would read a chip, pre-emptions and all: for demos and benchmarks, not tests.
     */
    public static EmulatorConfig realTime(SampleRate rate, AdcSignal signal) {
        return new EmulatorConfig(rate, signal, nanos -> 0.0, System::nanoTime, System::nanoTime, 711L, null);
    }

    /**
     * The chip on {@code time}, which the driver shares ({@code Hx711.create(..., time)}): no
     * ticker thread, conversions happen as the driver's waits move the time. Channel A fed by
     * {@code signal}, channel B grounded.
     */
    public static EmulatorConfig emulated(SampleRate rate, AdcSignal signal, EmulatedTime time) {
        Objects.requireNonNull(time, "time must not be null.");
        return new EmulatorConfig(rate, signal, nanos -> 0.0, time::now, time::now, 711L, time);
    }

    public EmulatorConfig withChannelB(AdcSignal signal) {
        return new EmulatorConfig(rate, channelA, signal, conversionClock, pulseClock, seed, time);
    }

    public EmulatorConfig withConversionClock(LongSupplier clock) {
        return new EmulatorConfig(rate, channelA, channelB, clock, pulseClock, seed, time);
    }

    public EmulatorConfig withSeed(long serialErrorSeed) {
        return new EmulatorConfig(rate, channelA, channelB, conversionClock, pulseClock, serialErrorSeed, time);
    }
}
