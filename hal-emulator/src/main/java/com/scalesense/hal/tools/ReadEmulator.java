package com.scalesense.hal.tools;

import com.pi4j.Pi4J;
import com.pi4j.context.Context;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalInputProvider;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalOutputProvider;
import com.scalesense.hal.RawSample;
import com.scalesense.hal.SampleRate;
import com.scalesense.hal.emulator.EmulatorConfig;
import com.scalesense.hal.emulator.Hx711Emulator;
import com.scalesense.hal.hx711.Hx711;
import com.scalesense.hal.hx711.Hx711Config;
import com.scalesense.hal.hx711.Hx711Timing;

import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;

/**
 * Runs the real HX711 driver against the emulated chip on Pi4J mock pins and prints 40 samples:
 * a full half-barrel plus platform (81.3 kg) at 80 SPS. No Pi needed. Exit code 0 when at least
 * one sample was OK, 1 otherwise (then the driver or emulator is broken).
 */
public final class ReadEmulator {

    private static final int SAMPLES = 40;
    private static final double KEG_AND_PLATFORM_KG = 73.3 + 8.0;

    private ReadEmulator() {
    }

    public static void main(String[] args) throws InterruptedException {
        PrintStream out = System.out;
        Context context = Pi4J.newContextBuilder()
                .add(MockDigitalInputProvider.newInstance(), MockDigitalOutputProvider.newInstance())
                .build();
        Hx711Config config = Hx711Config.of(5, 6, SampleRate.SPS_80);
        Hx711 driver = Hx711.create(context, config, Clock.systemUTC(), Hx711Timing.system());
        EmulatorConfig chipConfig = EmulatorConfig.realTime(config.rate(), new KegSignal(KEG_AND_PLATFORM_KG, 42));
        int ok = 0;
        try (Hx711Emulator chip = Hx711Emulator.attach(context, config.doutId(), config.sckId(), chipConfig)) {
            driver.start();
            out.printf("HX711 emulator on mock DOUT=BCM%d PD_SCK=BCM%d, %s, %.1f kg on the cells%n",
                    config.doutPin(), config.sckPin(), config.rate(), KEG_AND_PLATFORM_KG);
            out.printf("%3s %10s  %-16s %9s%n", "#", "counts", "status", "ms");
            long firstNanos = 0;
            for (int i = 0; i < SAMPLES; i++) {
                RawSample sample = driver.read(Duration.ofSeconds(2));
                firstNanos = i == 0 ? sample.monotonicNanos() : firstNanos;
                out.printf("%3d %10d  %-16s %9.1f%n", i + 1, sample.value(), sample.status(),
                        (sample.monotonicNanos() - firstNanos) / 1e6);
                ok += sample.isValid() ? 1 : 0;
            }
            out.println(driver.stats());
            out.println(chip.counters());
        } finally {
            driver.close();
            context.shutdown();
        }
        System.exit(ok > 0 ? 0 : 1);
    }
}
