package com.scalesense.hal.thermal;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class Ds18b20SensorTest {

    private static final String GOOD_CRC = "72 01 4b 46 7f ff 0e 10 57 : crc=57 YES\n";
    private static final String BAD_CRC = "72 01 4b 46 7f ff 0e 10 57 : crc=a3 NO\n";
    private static final String SERIAL = "28-0316a2794aff";

    @TempDir
    Path devices;

    private Path probe(String name, String w1Slave) throws IOException {
        Path dir = Files.createDirectories(devices.resolve(name));
        Files.writeString(dir.resolve("w1_slave"), w1Slave, StandardCharsets.US_ASCII);
        return dir;
    }

    private static String slave(String crcLine, int milliCelsius) {
        return crcLine + "72 01 4b 46 7f ff 0e 10 57 t=" + milliCelsius + "\n";
    }

    @Test
    void reads_the_temperature_in_celsius_from_the_millidegrees_of_w1_slave() throws IOException {
        Path dir = probe(SERIAL, slave(GOOD_CRC, 3125));

        assertThat(Ds18b20Sensor.at(dir, 3).readCelsius()).isEqualTo(3.125);
    }

    @Test
    void reads_temperatures_below_freezing() throws IOException {
        Path dir = probe(SERIAL, slave(GOOD_CRC, -1250));

        assertThat(Ds18b20Sensor.at(dir, 3).readCelsius()).isEqualTo(-1.25);
    }

    @Test
    void retries_after_a_failed_crc_and_returns_the_next_good_reading() throws IOException {
        // given a bus that corrupts one scratchpad read, which a fixture file alone cannot do
        Path bad = probe("bad", slave(BAD_CRC, 3125));
        Path good = probe(SERIAL, slave(GOOD_CRC, 4062));
        Deque<Path> reads = new ArrayDeque<>(List.of(bad.resolve("w1_slave"), good.resolve("w1_slave")));
        Ds18b20Sensor sensor = new Ds18b20Sensor(good, 3, file -> Files.readAllLines(reads.pop()));

        // when / then
        assertThat(sensor.readCelsius()).isEqualTo(4.062);
        assertThat(reads).isEmpty();
    }

    @Test
    void retries_after_the_power_on_reset_value_and_returns_the_next_good_reading() throws IOException {
        Path reset = probe("reset", slave(GOOD_CRC, 85_000));
        Path good = probe(SERIAL, slave(GOOD_CRC, 2500));
        Deque<Path> reads = new ArrayDeque<>(List.of(reset.resolve("w1_slave"), good.resolve("w1_slave")));
        Ds18b20Sensor sensor = new Ds18b20Sensor(good, 3, file -> Files.readAllLines(reads.pop()));

        assertThat(sensor.readCelsius()).isEqualTo(2.5);
    }

    @Test
    void reports_a_crc_error_after_every_attempt_failed() throws IOException {
        Path dir = probe(SERIAL, slave(BAD_CRC, 3125));
        int[] reads = {0};
        Ds18b20Sensor sensor = new Ds18b20Sensor(dir, 3, file -> {
            reads[0]++;
            return Files.readAllLines(file);
        });

        assertThatThrownBy(sensor::readCelsius).isInstanceOfSatisfying(ThermalCrcException.class, e -> {
            assertThat(e.attempts()).isEqualTo(3);
            assertThat(e.getMessage()).contains("crc=a3 NO");
        });
        assertThat(reads[0]).isEqualTo(3);
    }

    @Test
    void treats_85_degrees_as_the_power_on_reset_value_not_a_reading() throws IOException {
        // guards against logging a browned-out probe as a cooler at 85 °C
        Path dir = probe(SERIAL, slave(GOOD_CRC, 85_000));

        assertThatThrownBy(() -> Ds18b20Sensor.at(dir, 2).readCelsius())
                .isInstanceOfSatisfying(ThermalPowerOnResetException.class,
                        e -> assertThat(e.attempts()).isEqualTo(2));
    }

    @ParameterizedTest
    @ValueSource(ints = {-55_001, 125_001, 2_000_000})
    void rejects_a_temperature_outside_minus_55_to_plus_125(int milliCelsius) throws IOException {
        Path dir = probe(SERIAL, slave(GOOD_CRC, milliCelsius));

        assertThatThrownBy(() -> Ds18b20Sensor.at(dir, 3).readCelsius())
                .isInstanceOfSatisfying(ThermalOutOfRangeException.class,
                        e -> assertThat(e.celsius()).isEqualTo(milliCelsius / 1000.0));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", GOOD_CRC, "72 01 4b : crc=57 MAYBE\nt=3125\n", GOOD_CRC + "72 01 4b 46\n",
            GOOD_CRC + "t=warm\n"})
    void rejects_content_not_in_the_driver_format_naming_the_file(String content) throws IOException {
        Path dir = probe(SERIAL, content);

        assertThatThrownBy(() -> Ds18b20Sensor.at(dir, 3).readCelsius())
                .isInstanceOf(ThermalReadException.class).hasMessageContaining(SERIAL + "/w1_slave")
                .hasMessageContaining("rule");
    }

    @Test
    void reports_a_missing_w1_slave_as_a_read_error() {
        Path gone = devices.resolve(SERIAL);

        assertThatThrownBy(() -> Ds18b20Sensor.at(gone, 3).readCelsius())
                .isInstanceOfSatisfying(ThermalReadException.class,
                        e -> assertThat(e.file()).isEqualTo(gone.resolve("w1_slave")));
    }

    @Test
    void discovers_the_one_ds18b20_among_other_1_wire_entries() throws IOException {
        probe(SERIAL, slave(GOOD_CRC, 3000));
        Files.createDirectories(devices.resolve("w1_bus_master1"));
        Files.createDirectories(devices.resolve("10-000802b4a1c3"));

        Ds18b20Sensor sensor = Ds18b20Sensor.discover(devices, 3);

        assertThat(sensor.file()).isEqualTo(devices.resolve(SERIAL).resolve("w1_slave"));
        assertThat(sensor.readCelsius()).isEqualTo(3.0);
    }

    @Test
    void refuses_to_guess_between_two_probes_and_lists_them() throws IOException {
        probe("28-0316a2794aff", slave(GOOD_CRC, 3000));
        probe("28-00000a1b2c3d", slave(GOOD_CRC, 3000));

        assertThatThrownBy(() -> Ds18b20Sensor.discover(devices, 3))
                .isInstanceOfSatisfying(ThermalProbeNotFoundException.class, e ->
                        assertThat(e.found()).containsExactly("28-00000a1b2c3d", "28-0316a2794aff"));
    }

    @Test
    void explains_what_to_check_when_no_probe_is_found() {
        Path noBus = devices.resolve("missing");

        assertThatThrownBy(() -> Ds18b20Sensor.discover(noBus, 3))
                .isInstanceOfSatisfying(ThermalProbeNotFoundException.class, e -> {
                    assertThat(e.found()).isEmpty();
                    assertThat(e.getMessage()).contains("dtoverlay=w1-gpio");
                });
    }

    @Test
    void rejects_fewer_than_one_attempt() {
        assertThatThrownBy(() -> Ds18b20Sensor.at(devices, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("attempts '0'");
    }
}
