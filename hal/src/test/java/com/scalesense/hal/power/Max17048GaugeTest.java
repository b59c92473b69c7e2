package com.scalesense.hal.power;

import com.pi4j.Pi4J;
import com.pi4j.context.Context;
import com.pi4j.io.i2c.I2C;
import com.pi4j.plugin.mock.provider.i2c.MockI2CProvider;
import com.scalesense.hal.BatteryState;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The gauge against Pi4J's mock I2C provider. MockI2C keeps, per register, a queue of bytes that
 * reads consume (a register never written reads as a failed, short read), so each test loads
 * the two bytes a real chip would return for each read it expects, MSB first.
 */
class Max17048GaugeTest {

    private final Context pi4j = Pi4J.newContextBuilder().add(MockI2CProvider.newInstance()).build();

    @AfterEach
    void shutdown() {
        pi4j.shutdown();
    }

    private I2C chip() {
        return pi4j.create(I2C.newConfigBuilder(pi4j).id("gauge").bus(1).device(Max17048Gauge.I2C_ADDRESS));
    }

    private static void load(I2C chip, int register, int word) {
        chip.writeRegister(register, new byte[] {(byte) (word >> 8), (byte) word});
    }

    @Test
    void converts_vcell_and_soc_words_into_volts_and_percent() {
        // given VCELL 0xCB20 = 52000 x 78.125 uV = 4.0625 V and SOC 0x5A80 = 90 + 128/256 = 90.5 %
        I2C chip = chip();
        load(chip, 0x08, 0x0012);
        load(chip, 0x02, 0xCB20);
        load(chip, 0x04, 0x5A80);
        Max17048Gauge gauge = Max17048Gauge.attach(chip);

        // when
        BatteryState state = gauge.read();

        // then
        assertThat(state).isEqualTo(new BatteryState(4.0625, 90.5));
        assertThat(gauge.version()).isEqualTo(0x0012);
    }

    @Test
    void reads_the_registers_afresh_on_every_read() {
        // given two conversions: 0xB400 = 46080 x 78.125 uV = 3.6 V at 0x0C40 = 12 + 64/256 = 12.25 %,
        // then 0xAF00 = 44800 x 78.125 uV = 3.5 V at 0x0300 = 3 %
        I2C chip = chip();
        load(chip, 0x08, 0x0011);
        load(chip, 0x02, 0xB400);
        load(chip, 0x04, 0x0C40);
        load(chip, 0x02, 0xAF00);
        load(chip, 0x04, 0x0300);
        Max17048Gauge gauge = Max17048Gauge.attach(chip);

        assertThat(gauge.read()).isEqualTo(new BatteryState(3.6, 12.25));
        assertThat(gauge.read()).isEqualTo(new BatteryState(3.5, 3.0));
    }

    @Test
    void clamps_a_state_of_charge_just_above_100_percent_after_charging() {
        I2C chip = chip();
        load(chip, 0x08, 0x0012);
        load(chip, 0x02, 0xD700);
        load(chip, 0x04, 0x6480);

        BatteryState state = Max17048Gauge.attach(chip).read();

        // 0xD700 = 55040 x 78.125 uV = 4.3 V; 0x6480 = 100.5 % reported as 100
        assertThat(state).isEqualTo(new BatteryState(4.3, 100.0));
    }

    @Test
    void refuses_a_bus_where_no_chip_answers_version() {
        I2C chip = chip();

        assertThatThrownBy(() -> Max17048Gauge.attach(chip))
                .isInstanceOfSatisfying(GaugeNotFoundException.class, e -> {
                    assertThat(e.bus()).isEqualTo(1);
                    assertThat(e.address()).isEqualTo(0x36);
                    assertThat(e.getMessage()).contains("0x36").contains("VERSION read failed");
                });
    }

    @Test
    void refuses_a_chip_whose_version_is_not_a_max17048() {
        // a floating bus reads all ones; another chip at 0x36 reads anything else
        I2C chip = chip();
        load(chip, 0x08, 0xFFFF);

        assertThatThrownBy(() -> Max17048Gauge.attach(chip))
                .isInstanceOf(GaugeNotFoundException.class).hasMessageContaining("VERSION 0xFFFF");
    }

    @Test
    void names_the_register_when_a_read_fails_after_the_chip_was_found() {
        I2C chip = chip();
        load(chip, 0x08, 0x0012);
        Max17048Gauge gauge = Max17048Gauge.attach(chip);

        assertThatThrownBy(gauge::read).isInstanceOfSatisfying(GaugeReadException.class,
                e -> assertThat(e.register()).isEqualTo(0x02));
    }

    @Test
    void open_releases_the_bus_when_no_chip_answers_so_it_can_be_opened_again() {
        assertThatThrownBy(() -> Max17048Gauge.open(pi4j, 1)).isInstanceOf(GaugeNotFoundException.class);

        assertThatThrownBy(() -> Max17048Gauge.open(pi4j, 1)).isInstanceOf(GaugeNotFoundException.class);
        assertThat(pi4j.registry().exists("max17048-bus1")).isFalse();
    }
}
