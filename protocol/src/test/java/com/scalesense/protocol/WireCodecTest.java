package com.scalesense.protocol;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class WireCodecTest {

    private final WireCodec codec = new WireCodec();

    @Test
    void round_trips_a_batch_with_every_event_type() {
        // given a batch holding a good reading, a faulty reading and one event of each type
        ReadingsBatch batch = Samples.batch();
        // when it is encoded and decoded
        ReadingsBatch back = codec.decodeBatch(codec.encode(batch));
        // then nothing is lost or changed
        assertThat(back).isEqualTo(batch);
    }

    @Test
    void round_trips_a_registration_and_a_command() {
        assertThat(codec.decodeRegistration(codec.encode(Samples.registration()))).isEqualTo(Samples.registration());
        assertThat(codec.decodeCommand(codec.encode(Samples.command()))).isEqualTo(Samples.command());
    }

    @Test
    void writes_snake_case_fields_and_lower_case_enums() {
        String json = new String(codec.encode(Samples.batch()), UTF_8);
        assertThat(json).contains("\"timestamp_ms\":", "\"level_pct\":62.5", "\"batch_id\":\"" + Samples.BATCH_ID,
                "\"sensor_status\":{", "\"hx711\":\"ok\"", "\"hx711\":\"error\"", "\"clock_synced\":true",
                "\"keg_state\":\"stable\"", "\"tare_status\":\"empty_set\"", "\"pour_rate_gph\":1.2");
        assertThat(json).doesNotContain("timestampMs", "\"OK\"", "STABLE");
    }

    @Test
    void a_level_counted_from_a_measured_full_weight_says_full_set_and_is_measured() {
        // issue 12: a full_ref alone used to say pending, as if the level still counted from a reference shell
        Reading r = new Reading(1_790_000_000_000L, 80.0, null, null, null, null, null, null, null, null, Map.of(), true,
                KegState.STABLE, TareStatus.FULL_SET);
        String json = new String(codec.encode(r), UTF_8);

        assertThat(json).contains("\"tare_status\":\"full_set\"");
        assertThat(codec.decode(json.getBytes(UTF_8), Reading.class)).isEqualTo(r);
        assertThat(TareStatus.FULL_SET.measured()).isTrue();
        assertThat(TareStatus.PENDING.measured()).isFalse();
    }

    @Test
    void a_refused_value_under_a_map_key_of_any_text_is_named_as_the_databind_codec_named_it() {
        // review of issue 18's codec: an empty key threw StringIndexOutOfBoundsException (no refusal at all),
        // and a key like "[0]" lost its dot; the outcomes below are 449e769's databind codec's, run on these bytes
        String reading = "{\"timestamp_ms\":1,\"clock_synced\":true,\"sensor_status\":{\"%s\":\"bogus\"}}";
        String batch = "{\"schema_version\":1,\"readings\":[" + reading + "]}";

        assertThatThrownBy(() -> codec.decode(reading.formatted("").getBytes(UTF_8), Reading.class))
                .isInstanceOfSatisfying(MalformedMessageException.class, e -> {
                    assertThat(e.path()).isEqualTo("sensor_status.");
                    assertThat(e.rule()).isEqualTo("Cannot deserialize value of type SensorStatus from String"
                            + " \"bogus\": must be one of [ok, error]");
                });
        assertThatThrownBy(() -> codec.decodeBatch(batch.formatted("[0]").getBytes(UTF_8)))
                .isInstanceOfSatisfying(MalformedMessageException.class,
                        e -> assertThat(e.path()).isEqualTo("readings[0].sensor_status.[0]"));
    }

    @Test
    void an_enum_of_another_package_is_no_protocol_message() {
        // review of issue 18's codec: it wrote any enum ("monday"); the databind codec refused it, as encode says
        assertThatThrownBy(() -> codec.encode(java.time.DayOfWeek.MONDAY)).isExactlyInstanceOf(ProtocolException.class)
                .hasMessage("only protocol messages can be encoded, was java.time.DayOfWeek.");
        assertThat(new String(codec.encode(KegState.KEG_ABSENT), UTF_8)).isEqualTo("\"keg_absent\"");
    }

    @Test
    void encodes_map_entries_in_key_order_so_the_same_batch_has_the_same_bytes() {
        // Map.copyOf iterates in a random order per JVM: without sorting, a batch re-encoded
        // after a restart would differ byte-wise from the copy the sink already has
        String json = new String(codec.encode(Samples.batch()), UTF_8);
        assertThat(json).contains("\"sensor_status\":{\"hx711\":\"ok\",\"max17048\":\"ok\"}");
        var registration = new BootRegistration(1, Samples.MAC, "SCALE-0042", Samples.BOOT, "1.0.16", "loc-001",
                "loc-001#TAP#07", new Capabilities(List.of("hx711"), Map.of("c", true, "a", true, "b", false)),
                Samples.START, true);
        assertThat(new String(codec.encode(registration), UTF_8))
                .contains("\"features\":{\"a\":true,\"b\":false,\"c\":true}");
    }

    @Test
    void tags_each_event_with_its_type() {
        String json = new String(codec.encode(Samples.batch()), UTF_8);
        assertThat(json).contains("{\"type\":\"pour\"", "{\"type\":\"keg_swap\"", "{\"type\":\"tare\"",
                "{\"type\":\"sensor_error\"");
        // an event on its own carries its type too, so it can be decoded as a DeviceEvent
        DeviceEvent pour = Samples.events().get(0);
        assertThat(codec.decode(codec.encode(pour), DeviceEvent.class)).isEqualTo(pour);
    }

    @Test
    void leaves_out_null_numbers_and_accepts_them_absent_or_null() {
        // given a reading taken while the load cell was in error: no level numbers
        Reading faulty = Samples.faultyReading(Samples.START + 1);
        String json = new String(codec.encode(faulty), UTF_8);
        assertThat(json).doesNotContain("level_pct", "gallons", "null");
        // and an explicit null reads the same as an absent field
        String withNull = json.replaceFirst("\\{", "{\"level_pct\":null,");
        assertThat(codec.decode(withNull.getBytes(UTF_8), Reading.class)).isEqualTo(faulty);
    }

    @Test
    void tolerates_unknown_fields_from_newer_firmware() {
        String json = new String(codec.encode(Samples.batch()), UTF_8)
                .replace("{\"schema_version\":1,", "{\"schema_version\":1,\"humidity_pct\":40.5,\"extra\":{\"a\":[1]},");
        assertThat(codec.decodeBatch(json.getBytes(UTF_8))).isEqualTo(Samples.batch());
    }

    @Test
    void tolerates_an_unknown_field_with_an_empty_name_whatever_its_value() {
        // review of issue 18's codec: "" was the reader's mark for a field already read, so a field named ""
        // was neither read nor skipped, and an object or array in it broke the rest of the message
        String json = new String(codec.encode(Samples.batch()), UTF_8)
                .replace("{\"schema_version\":1,", "{\"\":{\"a\":[1]},\"schema_version\":1,")
                .replace("{\"timestamp_ms\":", "{\"\":[{}],\"timestamp_ms\":");
        assertThat(codec.decodeBatch(json.getBytes(UTF_8))).isEqualTo(Samples.batch());
        BootRegistration registration = Samples.registration();
        String withEmpty = new String(codec.encode(registration), UTF_8).replace("{\"schema_version\":1,",
                "{\"\":{},\"schema_version\":1,");
        assertThat(codec.decodeRegistration(withEmpty.getBytes(UTF_8))).isEqualTo(registration);
    }

    @Test
    void refuses_to_encode_a_number_json_cannot_carry() {
        Reading nan = new Reading(Samples.START, Double.NaN, null, null, null, null, null, null, null, null,
                Map.of("hx711", SensorStatus.OK), true, KegState.STABLE, null);
        assertThatThrownBy(() -> codec.encode(Samples.batch(List.of(nan), List.of())))
                .isInstanceOf(MalformedMessageException.class)
                .hasMessageContaining("readings[0].level_pct")
                .hasMessageContaining("finite");
    }

    @Test
    void refuses_to_encode_what_is_not_a_protocol_message() {
        assertThatThrownBy(() -> codec.encode("text")).isInstanceOf(ProtocolException.class)
                .hasMessageContaining("java.lang.String");
    }

    static Stream<Arguments> malformed() {
        String head = "{\"schema_version\":1,\"readings\":[{\"timestamp_ms\":1704067260000,\"clock_synced\":true,";
        return Stream.of(
                Arguments.of("not JSON", "hello", "$"),
                Arguments.of("empty payload", "", "$"),
                Arguments.of("JSON null", "null", "$"),
                Arguments.of("an array at the top", "[]", "$"),
                Arguments.of("duplicate key", "{\"schema_version\":1,\"schema_version\":1}", "schema_version"),
                Arguments.of("NaN token", head + "\"level_pct\":NaN}]}", "readings[0].level_pct"),
                Arguments.of("NaN as a string", head + "\"level_pct\":\"NaN\"}]}", "readings[0].level_pct"),
                Arguments.of("Infinity by overflow", head + "\"level_pct\":1e400}]}", "readings[0].level_pct"),
                Arguments.of("number as a string", head + "\"level_pct\":\"50\"}]}", "readings[0].level_pct"),
                Arguments.of("fraction in an integer", "{\"schema_version\":1.5}", "schema_version"),
                Arguments.of("int overflow", "{\"schema_version\":4294967297}", "schema_version"),
                Arguments.of("long overflow", head.replace("1704067260000", "99999999999999999999") + "\"x\":1}]}",
                        "readings[0].timestamp_ms"),
                Arguments.of("string given a number", "{\"schema_version\":1,\"hardware_id\":12}", "hardware_id"),
                Arguments.of("boolean given a number", head.replace("true", "1") + "\"x\":1}]}",
                        "readings[0].clock_synced"),
                Arguments.of("trailing tokens", "{\"schema_version\":1} {}", "$"),
                Arguments.of("upper-case enum", head + "\"keg_state\":\"STABLE\"}]}", "readings[0].keg_state"),
                Arguments.of("enum by ordinal", head + "\"keg_state\":0}]}", "readings[0].keg_state"),
                Arguments.of("unknown sensor status", head + "\"sensor_status\":{\"hx711\":\"warn\"}}]}",
                        "readings[0].sensor_status.hx711"),
                Arguments.of("unknown event type", "{\"schema_version\":1,\"events\":[{\"type\":\"spill\"}]}",
                        "events[0]"),
                Arguments.of("missing timestamp", "{\"schema_version\":1,\"readings\":[{\"clock_synced\":true}]}",
                        "readings[0].timestamp_ms"),
                Arguments.of("null clock_synced", head.replace("true", "null") + "\"x\":1}]}",
                        "readings[0].clock_synced"),
                Arguments.of("null inside readings", "{\"schema_version\":1,\"readings\":[null]}", "readings[0]"),
                Arguments.of("null inside a map", head + "\"sensor_status\":{\"hx711\":null}}]}",
                        "readings[0].sensor_status.hx711"),
                Arguments.of("missing schema_version", "{\"readings\":[]}", "schema_version"),
                Arguments.of("unknown major version", "{\"schema_version\":2}", "schema_version"),
                Arguments.of("other version with changed fields", "{\"readings\":\"moved\",\"schema_version\":2}",
                        "schema_version"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformed")
    void rejects_malformed_batch_naming_the_path(String what, String json, String path) {
        assertThatThrownBy(() -> codec.decodeBatch(json.getBytes(UTF_8)))
                .isInstanceOfSatisfying(MalformedMessageException.class, e -> {
                    assertThat(e.path()).isEqualTo(path);
                    assertThat(e.rule()).isNotBlank().doesNotContain("com.fasterxml", "enable `");
                });
    }

    @Test
    void rejects_an_unknown_schema_version_naming_the_rule() {
        assertThatThrownBy(() -> codec.decodeRegistration("{\"schema_version\":3}".getBytes(UTF_8)))
                .isInstanceOf(MalformedMessageException.class)
                .hasMessage("schema_version: major version must be 1 (the only one this receiver knows), was 3");
    }

    @Test
    void rejects_a_payload_over_the_limit_before_parsing_it() {
        byte[] big = new byte[WireCodec.MAX_PAYLOAD_BYTES + 1];
        // not even JSON: the size is checked first
        assertThatThrownBy(() -> codec.decodeBatch(big)).isInstanceOf(MalformedMessageException.class)
                .hasMessage("$: payload must be at most 131072 bytes, was 131073");
    }
}
