package com.scalesense.protocol;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Input an attacker or a broken scale could send. Each must end in a MalformedMessageException
 * or a list of violations — never a StackOverflowError, an OutOfMemoryError, a parse of
 * megabytes, or an error message that echoes megabytes back into the logs.
 */
class HostileInputTest {

    private final WireCodec codec = new WireCodec();
    private final MessageValidator validator = new MessageValidator();

    private static String validBatch() {
        return new String(new WireCodec().encode(Samples.batch()), UTF_8);
    }

    @Test
    void rejects_a_10_mb_string_by_size_before_parsing_it() {
        // given a batch whose firmware_version is 10 MB long
        String json = "{\"schema_version\":1,\"firmware_version\":\"" + "x".repeat(10 * 1024 * 1024) + "\"}";
        // then the size rule fires, not a parse error: the bytes were never parsed
        assertThatThrownBy(() -> codec.decodeBatch(json.getBytes(UTF_8)))
                .isInstanceOfSatisfying(MalformedMessageException.class, e -> {
                    assertThat(e.path()).isEqualTo("$");
                    assertThat(e.rule()).startsWith("payload must be at most 131072 bytes");
                    assertThat(e.getMessage()).hasSizeLessThan(200);
                });
    }

    @Test
    void survives_nesting_as_deep_as_the_size_limit_allows() {
        // given 60 000 nested arrays in an unknown field, which a recursive reader could not survive
        int depth = 60_000;
        String json = "{\"schema_version\":1,\"x\":" + "[".repeat(depth) + "]".repeat(depth) + "}";
        assertThat(json.length()).isLessThan(WireCodec.MAX_PAYLOAD_BYTES);
        assertThatThrownBy(() -> codec.decodeBatch(json.getBytes(UTF_8)))
                .isInstanceOf(MalformedMessageException.class)
                .hasMessageContaining("nesting depth");
    }

    @Test
    void rejects_deeply_nested_objects_inside_a_known_field() {
        String json = validBatch().replace("\"events\":[", "\"events\":[" + "{\"a\":".repeat(100) + "1"
                + "}".repeat(100) + ",");
        assertThatThrownBy(() -> codec.decodeBatch(json.getBytes(UTF_8))).isInstanceOf(MalformedMessageException.class);
    }

    @Test
    void rejects_duplicate_keys_inside_a_map_too() {
        // two hx711 entries: one could say ok and the other error, and each end would pick one
        String json = validBatch().replaceFirst("\"hx711\":\"ok\"", "\"hx711\":\"error\",\"hx711\":\"ok\"");
        assertThatThrownBy(() -> codec.decodeBatch(json.getBytes(UTF_8)))
                .isInstanceOfSatisfying(MalformedMessageException.class, e -> {
                    assertThat(e.path()).isEqualTo("readings[0].sensor_status.hx711");
                    assertThat(e.rule()).contains("Duplicate field 'hx711'");
                });
    }

    @ParameterizedTest
    @ValueSource(strings = {"NaN", "Infinity", "-Infinity", "+Infinity", "\"NaN\"", "\"Infinity\"", "1e400", "-1e400"})
    void rejects_numbers_that_are_not_finite(String number) {
        String json = validBatch().replaceFirst("\"level_pct\":62.5", "\"level_pct\":" + number);
        assertThatThrownBy(() -> codec.decodeBatch(json.getBytes(UTF_8)))
                .isInstanceOfSatisfying(MalformedMessageException.class,
                        e -> assertThat(e.path()).isEqualTo("readings[0].level_pct"));
    }

    @Test
    void rejects_a_number_with_thousands_of_digits() {
        // parsing a huge number is quadratic in BigInteger/BigDecimal; the length cap stops it first
        String json = validBatch().replaceFirst("\"level_pct\":62.5", "\"level_pct\":" + "9".repeat(5000));
        assertThatThrownBy(() -> codec.decodeBatch(json.getBytes(UTF_8)))
                .isInstanceOfSatisfying(MalformedMessageException.class,
                        e -> assertThat(e.rule()).contains("Number value length"));
    }

    @Test
    void rejects_a_huge_exponent_in_an_integer_field() {
        String json = validBatch().replaceFirst("\"timestamp_ms\":1704067260000", "\"timestamp_ms\":1e999999999");
        assertThatThrownBy(() -> codec.decodeBatch(json.getBytes(UTF_8)))
                .isInstanceOfSatisfying(MalformedMessageException.class,
                        e -> assertThat(e.path()).isEqualTo("readings[0].timestamp_ms"));
    }

    @Test
    void rejects_a_field_name_longer_than_any_of_ours() {
        String json = validBatch().replaceFirst("\\{", "{\"" + "k".repeat(10_000) + "\":1,");
        assertThatThrownBy(() -> codec.decodeBatch(json.getBytes(UTF_8))).isInstanceOf(MalformedMessageException.class)
                .hasMessageContaining("Name length");
    }

    @Test
    void rejects_bytes_that_are_not_utf_8() {
        byte[] json = validBatch().getBytes(UTF_8);
        int at = validBatch().indexOf("SCALE-0042") + 2;
        json[at] = (byte) 0xC3;
        json[at + 1] = (byte) 0x28; // 0xC3 must be followed by a continuation byte 10xxxxxx
        assertThatThrownBy(() -> codec.decodeBatch(json)).isInstanceOf(MalformedMessageException.class);
    }

    @Test
    void rejects_binary_garbage() {
        byte[] garbage = new byte[4096];
        Arrays.fill(garbage, (byte) 0xFF);
        assertThatThrownBy(() -> codec.decodeBatch(garbage)).isInstanceOf(MalformedMessageException.class);
    }

    @Test
    void reports_an_oversized_value_truncated_in_its_violation() {
        // given a 100 KB hardware_id: under the size limit, so it decodes, and the validator rejects it
        String json = validBatch().replace("\"hardware_id\":\"AA:BB:CC:DD:EE:FF\"",
                "\"hardware_id\":\"" + "A".repeat(100_000) + "\"");
        ReadingsBatch batch = codec.decodeBatch(json.getBytes(UTF_8));
        assertThatThrownBy(() -> validator.requireValid(batch))
                .isInstanceOfSatisfying(InvalidMessageException.class, e -> {
                    Violation v = e.violations().get(0);
                    assertThat(v.field()).isEqualTo("hardware_id");
                    assertThat(v.value()).hasSizeLessThan(100).endsWith("(100000 chars)");
                    assertThat(e.getMessage()).hasSizeLessThan(2_000);
                });
    }

    @Test
    void reports_a_map_of_thousands_of_sensors_as_one_violation_per_rule() {
        var sb = new StringBuilder("\"sensor_status\":{\"hx711\":\"ok\"");
        for (int i = 0; i < 5000; i++) {
            sb.append(",\"s").append(i).append("\":\"ok\"");
        }
        String json = validBatch().replaceFirst("\"sensor_status\":\\{[^}]*", sb.toString());
        ReadingsBatch batch = codec.decodeBatch(json.getBytes(UTF_8));
        assertThat(validator.check(batch)).extracting(Violation::field).containsExactly("readings[0].sensor_status");
    }

    @Test
    void lists_at_most_ten_violations_in_the_exception_message_but_keeps_them_all() {
        var readings = new ArrayList<Reading>();
        for (int i = 0; i < 50; i++) {
            // level_pct out of range and three level fields missing: four violations per reading
            readings.add(new Reading(Samples.START + i, 200.0, null, null, null, null, null, null, null, null,
                    Map.of("hx711", SensorStatus.OK), true, KegState.STABLE, null));
        }
        assertThatThrownBy(() -> validator.requireValid(Samples.batch(readings, List.of())))
                .isInstanceOfSatisfying(InvalidMessageException.class, e -> {
                    assertThat(e.violations()).hasSizeGreaterThan(100);
                    assertThat(e.getMessage()).contains("and " + (e.violations().size() - 10) + " more");
                });
    }
}
