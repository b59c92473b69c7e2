package com.scalesense.agent.boot;

import com.scalesense.agent.AgentException;
import com.scalesense.agent.scale.Sensors;

import com.pi4j.Pi4J;
import com.pi4j.context.Context;
import com.pi4j.plugin.gpiod.provider.gpio.digital.GpioDDigitalInputProvider;
import com.pi4j.plugin.gpiod.provider.gpio.digital.GpioDDigitalOutputProvider;
import com.scalesense.agent.clock.MonotonicClock;
import com.scalesense.agent.clock.SystemdTimeSync;
import com.scalesense.agent.config.HardwareConfig;
import com.scalesense.hal.hx711.Hx711;
import com.scalesense.hal.hx711.Hx711Config;
import com.scalesense.hal.hx711.Hx711Datasheet;
import com.scalesense.hal.power.SysfsPowerSupplyGauge;
import com.scalesense.hal.thermal.Ds18b20Sensor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.stream.Stream;

/**
 * The sensors of a real scale: the HX711 on the Pi's GPIO through Pi4J's gpiod provider (the
 * character device {@code /dev/gpiochip*} the unit allows), the battery under
 * {@code /sys/class/power_supply}, a DS18B20 under {@code /sys/bus/w1/devices}. The only class
 * of the agent that names Pi4J.
 */
public final class HardwareScale {

    /** Where the w1-gpio/w1-therm kernel drivers list 1-Wire devices. */
    private static final Path W1_DEVICES = Path.of("/sys/bus/w1/devices");

    private HardwareScale() {
    }

    public static Sensors open(HardwareConfig config, Clock clock) {
        requireGpioChip(Path.of("/dev"));
        try {
            return openGpio(config, clock);
        } catch (AgentException e) {
            throw e;
        } catch (RuntimeException e) {
            // Pi4J says "No gpio chip yet initialized!" when it does not know the board: say what it needs
            throw new AgentException("the HX711 (DOUT GPIO " + config.doutPin() + ", SCK GPIO " + config.sckPin()
                    + ") could not be opened through Pi4J's gpiod provider: " + e.getMessage() + " Pi4J reads the"
                    + " board from /proc/device-tree/model (" + boardModel() + "); run on a Raspberry Pi, or with"
                    + " --simulate to run without a scale", e);
        }
    }

    /**
     * Fails with what to do when {@code dev} lists no {@code gpiochip*}: the unit reaches the HX711
     * through the GPIO character device, and without one Pi4J fails with an error naming no device.
     */
    static void requireGpioChip(Path dev) {
        try (Stream<Path> entries = Files.list(dev)) {
            if (entries.anyMatch(p -> p.getFileName().toString().startsWith("gpiochip"))) {
                return;
            }
        } catch (IOException e) {
            throw new AgentException("cannot list " + dev + " to find the GPIO chip: " + e.getMessage(), e);
        }
        throw new AgentException("no GPIO chip: " + dev + " lists no gpiochip* device, so the HX711 cannot be read."
                + " On a Raspberry Pi the kernel's GPIO driver creates /dev/gpiochip0 and the unit's user needs group"
                + " gpio; to run without a scale use --simulate");
    }

    private static String boardModel() {
        try {
            return Files.readString(Path.of("/proc/device-tree/model")).replace("\0", "").trim();
        } catch (IOException | RuntimeException e) {
            return "not readable: " + e.getMessage();
        }
    }

    private static Sensors openGpio(HardwareConfig config, Clock clock) {
        // Only gpiod, wired by hand: the one provider the unit allows (/dev/gpiochip*), and no
        // dependence on which Pi4J plugins happen to be on the class path.
        Context context = Pi4J.newContextBuilder().noAutoDetect()
                .add(GpioDDigitalInputProvider.newInstance(), GpioDDigitalOutputProvider.newInstance())
                .build();
        Hx711 hx711 = Hx711.open(context, Hx711Config.of(config.doutPin(), config.sckPin(), config.rate()), clock);
        return new Sensors(hx711,
                config.batteryPowerSupply() == null ? null
                        : SysfsPowerSupplyGauge.of(SysfsPowerSupplyGauge.DEFAULT_ROOT, config.batteryPowerSupply()),
                config.ds18b20() ? Ds18b20Sensor.discover(W1_DEVICES, Ds18b20Sensor.DEFAULT_ATTEMPTS) : null,
                null, clock, MonotonicClock.system(), new SystemdTimeSync(Path.of("/")), Sensors.datasheetNoiseCounts(config.rate()));
    }
}
