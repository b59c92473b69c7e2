package com.scalesense.hal.hx711;

import com.pi4j.Pi4J;
import com.pi4j.context.Context;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalInputProvider;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalOutputProvider;
import com.scalesense.hal.RawSample;
import com.scalesense.hal.SampleStatus;
import com.scalesense.hal.emulator.EmulatorConfig;
import com.scalesense.hal.emulator.Hx711Emulator;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Test rig: a Pi4J mock context, the real driver on it and the chip emulator on the same pins.
 * Every wait is bounded in samples and time.
 */
final class EmulatedHx711 implements AutoCloseable {

    static final int DOUT = 5;
    static final int SCK = 6;
    private static final Duration SAMPLE_WAIT = Duration.ofSeconds(2);
    private static final int MAX_SAMPLES = 400;
    private static final int INJECT_ATTEMPTS = 5;
    private static final int SAMPLES_PER_ATTEMPT = 20;

    final Context context;
    final Hx711 driver;
    final Hx711Emulator chip;

    private EmulatedHx711(Context context, Hx711 driver, Hx711Emulator chip) {
        this.context = context;
        this.driver = driver;
        this.chip = chip;
    }

    static EmulatedHx711 start(Hx711Config config, EmulatorConfig chipConfig) {
        Context context = Pi4J.newContextBuilder()
                .add(MockDigitalInputProvider.newInstance(), MockDigitalOutputProvider.newInstance())
                .build();
        Hx711 driver = Hx711.create(context, config, Clock.systemUTC(), System::nanoTime);
        Hx711Emulator chip = Hx711Emulator.attach(context, config.doutId(), config.sckId(), chipConfig);
        driver.start();
        return new EmulatedHx711(context, driver, chip);
    }

    /** Reads until a sample matches; fails after {@value #MAX_SAMPLES} samples or a silent wait. */
    RawSample next(Predicate<RawSample> wanted) throws InterruptedException {
        for (int i = 0; i < MAX_SAMPLES; i++) {
            RawSample sample = driver.read(SAMPLE_WAIT);
            if (wanted.test(sample)) {
                return sample;
            }
        }
        throw new AssertionError("no matching sample in " + MAX_SAMPLES + " samples");
    }

    RawSample nextWith(SampleStatus status) throws InterruptedException {
        return next(sample -> sample.status() == status);
    }

    /** The next {@code count} samples with status OK, skipping others (a loaded CPU may pre-empt a read). */
    List<RawSample> nextOk(int count) throws InterruptedException {
        List<RawSample> samples = new ArrayList<>();
        while (samples.size() < count) {
            samples.add(nextWith(SampleStatus.OK));
        }
        return samples;
    }

    /**
     * Injects a one-off conversion value and reads until it shows up. A busy CPU can lose that one
     * conversion (read late and overwritten, or inside a read the driver rejected), so the
     * injection is repeated, at most {@value #INJECT_ATTEMPTS} times.
     */
    RawSample injectUntilRead(int value) throws InterruptedException {
        for (int attempt = 0; attempt < INJECT_ATTEMPTS; attempt++) {
            chip.injectSpike(value);
            for (int i = 0; i < SAMPLES_PER_ATTEMPT; i++) {
                RawSample sample = driver.read(SAMPLE_WAIT);
                if (sample.value() == value) {
                    return sample;
                }
            }
        }
        throw new AssertionError("value " + value + " never read in " + INJECT_ATTEMPTS + " injections");
    }

    @Override
    public void close() {
        driver.close();
        chip.close();
        context.shutdown();
    }
}
