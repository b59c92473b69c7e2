package com.scalesense.agent.boot;

import com.scalesense.agent.AgentException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class HardwareScaleTest {

    @Test
    void a_machine_without_a_gpio_chip_is_told_so_and_pointed_to_simulate(@TempDir Path dev) throws Exception {
        // Guards issue 15's ARM trial: on a board without /dev/gpiochip* the agent stopped with Pi4J's
        // "No gpio chip yet initialized!", naming no device and no way out.
        Files.createFile(dev.resolve("ttyAMA0"));

        assertThatThrownBy(() -> HardwareScale.requireGpioChip(dev))
                .isInstanceOf(AgentException.class)
                .hasMessageContaining("no GPIO chip")
                .hasMessageContaining(dev + " lists no gpiochip* device")
                .hasMessageContaining("group gpio")
                .hasMessageContaining("--simulate");
    }

    @Test
    void a_gpio_chip_lets_the_scale_be_opened(@TempDir Path dev) throws Exception {
        Files.createFile(dev.resolve("gpiochip0"));

        assertThatCode(() -> HardwareScale.requireGpioChip(dev)).doesNotThrowAnyException();
    }
}
