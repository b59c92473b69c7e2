package com.scalesense.hal.power;

import com.scalesense.hal.BatteryState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Fixture trees laid out like /sys/class/power_supply: one directory per supply, one value per file, newline-ended. */
class SysfsPowerSupplyGaugeTest {

    @TempDir
    Path root;

    private Path supply(String name, String... attributesAndValues) throws IOException {
        Path dir = Files.createDirectories(root.resolve(name));
        for (int i = 0; i < attributesAndValues.length; i += 2) {
            Files.writeString(dir.resolve(attributesAndValues[i]), attributesAndValues[i + 1] + "\n",
                    StandardCharsets.US_ASCII);
        }
        return dir;
    }

    @Test
    void reads_voltage_in_microvolts_and_capacity_in_percent() throws IOException {
        supply("BAT0", "type", "Battery", "present", "1", "status", "Discharging",
                "voltage_now", "3957000", "capacity", "76");

        BatteryState state = SysfsPowerSupplyGauge.of(root, "BAT0").read();

        assertThat(state).isEqualTo(new BatteryState(3.957, 76));
    }

    @Test
    void takes_a_battery_as_present_when_the_driver_has_no_present_file() throws IOException {
        supply("battery", "voltage_now", "4100000", "capacity", "93");

        assertThat(SysfsPowerSupplyGauge.of(root, "battery").read()).isEqualTo(new BatteryState(4.1, 93));
    }

    @Test
    void reports_a_battery_that_is_not_present_instead_of_stale_numbers() throws IOException {
        Path dir = supply("BAT0", "present", "0", "voltage_now", "0", "capacity", "0");

        assertThatThrownBy(() -> SysfsPowerSupplyGauge.of(root, "BAT0").read())
                .isInstanceOfSatisfying(BatteryNotPresentException.class,
                        e -> assertThat(e.directory()).isEqualTo(dir));
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource({
            "voltage_now, abc, non-negative integer of microvolts",
            "voltage_now, -5, non-negative integer of microvolts",
            "voltage_now, 3.9, non-negative integer of microvolts",
            "capacity, 101, 0..100",
            "capacity, -1, 0..100",
            "capacity, '', 0..100",
            "present, 2, 0 or 1"})
    void rejects_garbage_naming_the_file_the_value_and_the_rule(String attribute, String value, String rule)
            throws IOException {
        supply("BAT0", "present", "1", "voltage_now", "3957000", "capacity", "76");
        supply("BAT0", attribute, value);

        assertThatThrownBy(() -> SysfsPowerSupplyGauge.of(root, "BAT0").read())
                .isInstanceOfSatisfying(PowerSupplyReadException.class, e -> {
                    assertThat(e.file()).isEqualTo(root.resolve("BAT0").resolve(attribute));
                    assertThat(e.value()).isEqualTo(value);
                    assertThat(e.rule()).contains(rule);
                });
    }

    @Test
    void names_a_missing_capacity_file() throws IOException {
        supply("BAT0", "voltage_now", "3957000");

        assertThatThrownBy(() -> SysfsPowerSupplyGauge.of(root, "BAT0").read())
                .isInstanceOf(PowerSupplyReadException.class).hasMessageContaining("capacity")
                .hasMessageContaining("the file exists");
    }

    @Test
    void lists_the_supplies_that_exist_when_the_configured_one_does_not() throws IOException {
        supply("AC", "online", "1");
        supply("BAT1", "capacity", "50");

        assertThatThrownBy(() -> SysfsPowerSupplyGauge.of(root, "BAT0").read())
                .isInstanceOfSatisfying(PowerSupplyNotFoundException.class,
                        e -> assertThat(e.available()).containsExactly("AC", "BAT1"));
    }

    @ParameterizedTest
    @CsvSource({"Charging, CHARGING", "Discharging, DISCHARGING", "Not charging, NOT_CHARGING", "Full, FULL",
            "Unknown, UNKNOWN"})
    void maps_the_kernel_status_text(String text, ChargeStatus expected) throws IOException {
        supply("BAT0", "status", text);

        assertThat(SysfsPowerSupplyGauge.of(root, "BAT0").chargeStatus()).isEqualTo(expected);
    }

    @Test
    void reports_unknown_status_when_the_driver_has_no_status_file_and_rejects_an_unknown_word() throws IOException {
        supply("BAT0", "capacity", "50");
        supply("BAT1", "status", "Boiling");

        assertThat(SysfsPowerSupplyGauge.of(root, "BAT0").chargeStatus()).isEqualTo(ChargeStatus.UNKNOWN);
        assertThatThrownBy(() -> SysfsPowerSupplyGauge.of(root, "BAT1").chargeStatus())
                .isInstanceOf(PowerSupplyReadException.class).hasMessageContaining("Boiling");
    }

    @Test
    void rejects_a_name_that_would_leave_the_power_supply_directory() {
        assertThatThrownBy(() -> SysfsPowerSupplyGauge.of(root, "../etc"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'../etc'");
    }
}
