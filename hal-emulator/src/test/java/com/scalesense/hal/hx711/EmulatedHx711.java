package com.scalesense.hal.hx711;

import com.pi4j.Pi4J;
import com.pi4j.context.Context;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalInputProvider;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalOutputProvider;
import com.scalesense.hal.RawSample;
import com.scalesense.hal.SampleStatus;
import com.scalesense.hal.sim.AdcSignal;
import com.scalesense.hal.emulator.EmulatedTime;
import com.scalesense.hal.emulator.EmulatorConfig;
import com.scalesense.hal.emulator.Hx711Emulator;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Test rig: a Pi4J mock context, the real driver on it and the chip emulator on the same pins,
 * both on one gated {@link EmulatedTime}. The test moves the time; between two moves the sampling
 * thread waits, so what the driver delivers does not depend on how busy the machine is. Every
 * wait is bounded in emulated time.
 */
final class EmulatedHx711 implements AutoCloseable {

    static final int DOUT = 5;
    static final int SCK = 6;
    /** Wall time of emulated time zero (2026-11-23T00:00:00Z), for the samples' wall stamps. */
    static final Instant ORIGIN = Instant.parse("2026-11-23T00:00:00Z");
    /** Steps of a quarter conversion period per sample at most: 500 periods, 6 s at 80 SPS. */
    private static final int MAX_STEPS_PER_SAMPLE = 2_000;
    private static final int MAX_SAMPLES = 400;

    final Context context;
    final Hx711 driver;
    final Hx711Emulator chip;
    final EmulatedTime time;
    private final Duration step;

    private EmulatedHx711(Context context, Hx711 driver, Hx711Emulator chip, EmulatedTime time, Duration step) {
        this.context = context;
        this.driver = driver;
        this.chip = chip;
        this.time = time;
        this.step = step;
    }

    /** The driver with {@code config} on a chip whose channel A is {@code channelA}, channel B grounded. */
    static EmulatedHx711 start(Hx711Config config, AdcSignal channelA) {
        return start(config, channelA, nanos -> 0.0);
    }

    static EmulatedHx711 start(Hx711Config config, AdcSignal channelA, AdcSignal channelB) {
        Context context = Pi4J.newContextBuilder()
                .add(MockDigitalInputProvider.newInstance(), MockDigitalOutputProvider.newInstance())
                .build();
        EmulatedTime time = EmulatedTime.gated();
        Hx711 driver = Hx711.create(context, config, time.clock(ORIGIN), time);
        EmulatorConfig chipConfig = EmulatorConfig.emulated(config.rate(), channelA, time).withChannelB(channelB);
        Hx711Emulator chip = Hx711Emulator.attach(context, config.doutId(), config.sckId(), chipConfig);
        driver.start();
        return new EmulatedHx711(context, driver, chip, time, Duration.ofNanos(config.rate().periodNanos() / 4));
    }

    /** Moves emulated time on by {@code duration}; returns when the driver waits for more. */
    void advance(Duration duration) {
        time.advance(duration);
    }

    /** The next sample the driver delivers, moving emulated time on until there is one. */
    RawSample next() throws InterruptedException {
        for (int i = 0; i < MAX_STEPS_PER_SAMPLE; i++) {
            if (driver.waitingSamples() > 0) {
                return driver.read(Duration.ZERO);
            }
            time.advance(step);
        }
        throw new AssertionError("no sample within " + MAX_STEPS_PER_SAMPLE + " steps of " + step
                + " emulated; driver " + driver.stats() + ", chip " + chip.counters());
    }

    /** Reads until a sample matches; fails after {@value #MAX_SAMPLES} samples. */
    RawSample next(Predicate<RawSample> wanted) throws InterruptedException {
        List<RawSample> seen = new ArrayList<>();
        for (int i = 0; i < MAX_SAMPLES; i++) {
            RawSample sample = next();
            if (wanted.test(sample)) {
                return sample;
            }
            seen.add(sample);
        }
        throw new AssertionError("no matching sample in " + MAX_SAMPLES + " samples; the last: "
                + seen.subList(seen.size() - 5, seen.size()));
    }

    RawSample nextWith(SampleStatus status) throws InterruptedException {
        return next(sample -> sample.status() == status);
    }

    /** The next {@code count} samples, each of which must be OK. */
    List<RawSample> nextOk(int count) throws InterruptedException {
        List<RawSample> samples = new ArrayList<>();
        while (samples.size() < count) {
            RawSample sample = next();
            if (sample.status() != SampleStatus.OK) {
                throw new AssertionError("sample " + samples.size() + " of " + count + " is " + sample
                        + "; driver " + driver.stats() + ", chip " + chip.counters());
            }
            samples.add(sample);
        }
        return samples;
    }

    /** Skips the start-up (reset, settling, discarded first conversion) to the first OK sample. */
    RawSample firstOk() throws InterruptedException {
        return nextWith(SampleStatus.OK);
    }

    @Override
    public void close() {
        driver.close();
        chip.close();
        context.shutdown();
    }
}
