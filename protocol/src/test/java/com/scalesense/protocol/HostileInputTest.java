package com.scalesense.protocol;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
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
        String json = validBatch().replaceFirst("\"timestamp_ms\":" + Samples.START, "\"timestamp_ms\":1e999999999");
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

    /** The valid batch with {@code bytes} put inside the sensor_error's detail text. */
    private static byte[] withBytesInDetail(byte... bytes) {
        byte[] json = validBatch().getBytes(UTF_8);
        int at = validBatch().indexOf("dout stuck high");
        byte[] out = new byte[json.length + bytes.length];
        System.arraycopy(json, 0, out, 0, at);
        System.arraycopy(bytes, 0, out, at, bytes.length);
        System.arraycopy(json, at, out, at + bytes.length, json.length - at);
        return out;
    }

    static Stream<Arguments> illFormedUtf8() {
        return Stream.of(
                Arguments.of("over-long NUL", new byte[] {(byte) 0xC0, (byte) 0x80}, "over-long encoding (C0 80)"),
                Arguments.of("over-long slash", new byte[] {(byte) 0xE0, (byte) 0x80, (byte) 0xAF}, "over-long encoding"),
                Arguments.of("over-long 4 bytes", new byte[] {(byte) 0xF0, (byte) 0x80, (byte) 0x80, (byte) 0xAF},
                        "over-long encoding"),
                Arguments.of("surrogate D800", new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, "surrogate"),
                Arguments.of("U+110000", new byte[] {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80},
                        "above U+10FFFF"),
                Arguments.of("F5 lead", new byte[] {(byte) 0xF5, (byte) 0x80, (byte) 0x80, (byte) 0x80},
                        "above U+10FFFF"),
                Arguments.of("stray continuation", new byte[] {(byte) 0x80}, "continuation byte"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("illFormedUtf8")
    void rejects_ill_formed_utf_8_that_jackson_decoded(String name, byte[] sequence, String why) {
        // Guards issue 13 class 4: over-long forms and code points above U+10FFFF were decoded and stored.
        assertThatThrownBy(() -> codec.decodeBatch(withBytesInDetail(sequence)))
                .isInstanceOfSatisfying(MalformedMessageException.class, e -> {
                    assertThat(e.path()).isEqualTo("$");
                    assertThat(e.rule()).startsWith("payload must be well-formed UTF-8 (RFC 8259 §8.1").contains(why)
                            .contains("at byte " + validBatch().indexOf("dout stuck high"));
                });
    }

    static Stream<Arguments> otherEncodings() {
        byte[] utf8 = validBatch().getBytes(UTF_8);
        byte[] bom = new byte[utf8.length + 3];
        bom[0] = (byte) 0xEF;
        bom[1] = (byte) 0xBB;
        bom[2] = (byte) 0xBF;
        System.arraycopy(utf8, 0, bom, 3, utf8.length);
        String json = validBatch();
        return Stream.of(
                Arguments.of("UTF-8 with BOM", bom, "byte order mark (EF BB BF)"),
                Arguments.of("UTF-16LE", json.getBytes(StandardCharsets.UTF_16LE), "UTF-16"),
                Arguments.of("UTF-16BE", json.getBytes(StandardCharsets.UTF_16BE), "UTF-16"),
                Arguments.of("UTF-16 with BOM", json.getBytes(StandardCharsets.UTF_16), "UTF-16 (byte order mark)"),
                Arguments.of("UTF-32BE", json.getBytes(Charset.forName("UTF-32BE")), "UTF-32"),
                Arguments.of("UTF-32LE", json.getBytes(Charset.forName("UTF-32LE")), "UTF-32"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("otherEncodings")
    void rejects_payloads_that_are_not_plain_utf_8(String name, byte[] payload, String why) {
        // Guards issue 13 class 4: Jackson detects UTF-16/32 and skips a BOM, so these were accepted.
        assertThatThrownBy(() -> codec.decodeBatch(payload))
                .isInstanceOfSatisfying(MalformedMessageException.class, e -> {
                    assertThat(e.path()).isEqualTo("$");
                    assertThat(e.rule()).startsWith("payload must be UTF-8 without a byte order mark (RFC 8259 §8.1)")
                            .contains(why);
                });
    }

    @Test
    void accepts_every_plane_of_unicode_in_well_formed_utf_8() {
        // the strict check must not refuse what is valid: 2-, 3- and 4-byte forms, U+10FFFF itself
        String json = validBatch().replace("dout stuck high", "é € \uD83C\uDF7A \uDBFF\uDFFF");
        assertThat(codec.decodeBatch(json.getBytes(UTF_8)).events().get(3))
                .isInstanceOfSatisfying(DeviceEvent.SensorError.class,
                        e -> assertThat(e.detail()).isEqualTo("é € \uD83C\uDF7A \uDBFF\uDFFF"));
    }

    static Stream<Arguments> forgingCharacters() {
        return Stream.of(
                Arguments.of("line feed", "\n", "\\u000a"),
                Arguments.of("carriage return", "\r", "\\u000d"),
                Arguments.of("escape (ANSI colours)", "\u001b[31m", "\\u001b"),
                Arguments.of("DEL", "\u007f", "\\u007f"),
                Arguments.of("C1 next line", "\u0085", "\\u0085"),
                Arguments.of("right-to-left override", "\u202e", "\\u202e"),
                Arguments.of("left-to-right isolate", "\u2066", "\\u2066"),
                Arguments.of("right-to-left mark", "\u200f", "\\u200f"),
                Arguments.of("arabic letter mark", "\u061c", "\\u061c"),
                Arguments.of("line separator", "\u2028", "\\u2028"),
                Arguments.of("zero-width no-break space", "\ufeff", "\\ufeff"),
                Arguments.of("lone surrogate", "\ud800", "\\ud800"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("forgingCharacters")
    void escapes_control_and_bidi_characters_in_every_reason(String name, String character, String escaped) {
        // Guards issue 13 class 7: a "\n" in an id forged a log line; bidi overrides disguise one.
        // given a device_id (a violation's value), a keg_id in a tare (a value in an event) and a
        // tap_id's location named in a rule, each carrying the character
        String forged = "SCALE-0042" + character + "INFO all good";
        var batch = new ReadingsBatch(1, Samples.MAC, forged, Samples.BOOT, "1.0.16", Samples.BATCH_ID, "loc-001",
                "loc-001#TAP#07", null, Samples.batch().readings(), Samples.batch().events());
        var tapElsewhere = new ReadingsBatch(1, Samples.MAC, "SCALE-0042", Samples.BOOT, "1.0.16", Samples.BATCH_ID,
                "loc-002" + character, "loc-001#TAP#07", null, Samples.batch().readings(), Samples.batch().events());
        for (var message : List.of(batch, tapElsewhere)) {
            assertThatThrownBy(() -> validator.requireValid(message))
                    .isInstanceOfSatisfying(InvalidMessageException.class, e -> {
                        // then neither the exception message nor any part of a violation carries the character
                        assertThat(e.getMessage()).doesNotContain(character).contains(escaped);
                        assertThat(e.violations()).allSatisfy(v -> {
                            assertThat(v.field()).doesNotContain(character);
                            assertThat(String.valueOf(v.value())).doesNotContain(character);
                            assertThat(v.rule()).doesNotContain(character);
                        });
                    });
        }
    }

    @Test
    void escapes_a_field_name_the_parser_quotes_in_a_malformed_reason() {
        // a duplicate key is quoted by Jackson in its message: the key is the sender's text
        String key = "\"a\\u000a\\u202eb\"";
        String json = "{" + key + ":1," + key + ":2," + validBatch().substring(1);
        assertThatThrownBy(() -> codec.decodeBatch(json.getBytes(UTF_8)))
                .isInstanceOfSatisfying(MalformedMessageException.class, e -> {
                    assertThat(e.getMessage()).doesNotContain("\n", "\u202e").contains("\\u202e");
                    assertThat(e.path() + e.rule()).doesNotContain("\n", "\u202e");
                });
    }

    @Test
    void keeps_an_escaped_value_bounded() {
        // 64 characters of line feeds become 64 escapes of 6 characters, and no more
        String value = "\n".repeat(10_000);
        var v = new Violation("device_id", value, "must match");
        assertThat(v.value()).doesNotContain("\n").startsWith("\\u000a").endsWith("…(10000 chars)")
                .hasSizeLessThan(64 * 6 + 20);
        assertThat(new Violation(v.field(), v.value(), v.rule())).isEqualTo(v);
    }
}
