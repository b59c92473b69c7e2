package com.scalesense.agent.control.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.scalesense.control.ControlException;
import com.scalesense.control.ControlJson;
import com.scalesense.control.Replies;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The agent's reply lines are the bytes the client's databind mapper ({@code ControlJson.MAPPER},
 * which wrote them before issue 18) writes for the same values, and request values are quoted in
 * refusals as databind's tree quoted them.
 */
class ControlLineCodecTest {

    private static final Replies.CalibrationInfo CAL = new Replies.CalibrationInfo(1_795_790_219_167L, 86_400L,
            "verified", 0.0123, 3, 21_345.678, -8_388_608.0);
    private static final Replies.CalibrationInfo NO_CAL = new Replies.CalibrationInfo(null, null, null, null, 0, null, null);

    /** What databind made of {@code {"ok":true,"<key>":value}}. */
    private static String databindOk(String key, Object value) throws Exception {
        ObjectNode node = ControlJson.MAPPER.createObjectNode().put("ok", true);
        node.set(key, ControlJson.MAPPER.valueToTree(value));
        return ControlJson.MAPPER.writeValueAsString(node);
    }

    @Test
    void every_reply_record_is_written_byte_for_byte_as_databind_wrote_it() throws Exception {
        Replies.Keg keg = new Replies.Keg("keg-20260318-007", "guinness-draught", "half_barrel", 1.014, "full_set", 29.7,
                160.5, "stable");
        Replies.Keg unknownKeg = new Replies.Keg(null, null, "sixth_barrel", 1.0, "pending", null, null, null);
        Replies.Status status = new Replies.Status("SCALE-0042", "b8:27:eb:00:00:42", "loc-001", "loc-001#TAP#01",
                "7327eb7a-6a89-4abb-9ed0-a09d7d1b7233", 12, 3_601, "0.1.0", false, true, keg, CAL,
                new Replies.OutboxInfo(41, 2, 0, 123_456, 67_108_864),
                new Replies.Connectivity(true, false, true, 17, 16, "connection lost: \"broker\" \\ down\n"),
                new Replies.Battery(4.195946951388889, 99.66224594907408), 3.4375,
                new Replies.Sampling(36_000, 35_990, 60, 2, 0, 10), null);
        Replies.Status bare = new Replies.Status("SIM-0001", "02:00:00:00:00:01", null, null, "b", 1, 0, "0.1.0", true,
                false, unknownKeg, NO_CAL, new Replies.OutboxInfo(0, 0, 0, 0, 1), new Replies.Connectivity(false, false,
                        false, 0, 0, null), null, null, new Replies.Sampling(0, 0, 0, 0, 0, 80), "é ü ✓");
        List<Object> values = List.of(status, bare, keg, unknownKeg, CAL, NO_CAL,
                new Replies.Live(1_795_790_219_167L, -8_388_608, "ok", 12.5e-7, "pouring"),
                new Replies.Live(1L, 8_388_607, "timeout", null, "settling"),
                new Replies.Session(List.of(new Replies.Point(0, -100.5, 3.25, 50), new Replies.Point(20, 426_813.0,
                        Double.NaN, 50)), CAL),
                new Replies.Session(List.of(), null),
                new Replies.Trace("/tmp/trace.csv.gz", 6_000),
                new Replies.Selftest(false, List.of(new Replies.Check("hx711", true, "10.0 SPS"),
                        new Replies.Check("battery", false, "no fuel gauge"))),
                new Replies.History(List.of(CAL, NO_CAL)),
                new Replies.SimWeight(null), new Replies.SimWeight(20.0),
                Map.of("samples", 50));

        for (Object value : values) {
            assertThat(ControlLineCodec.ok("result", value)).as("%s", value).isEqualTo(databindOk("result", value));
        }
        assertThat(ControlLineCodec.ok("sample", values.get(6))).isEqualTo(databindOk("sample", values.get(6)));
    }

    @Test
    void an_error_line_is_the_one_databind_wrote() throws Exception {
        ObjectNode node = ControlJson.MAPPER.createObjectNode().put("ok", false);
        node.putObject("error").put("code", "bad_request").put("message", "sg = '\"x\"': must be a number in 0.9..1.2");

        assertThat(ControlLineCodec.error("bad_request", "sg = '\"x\"': must be a number in 0.9..1.2"))
                .isEqualTo(ControlJson.MAPPER.writeValueAsString(node));
    }

    @Test
    void request_values_are_read_and_quoted_as_databind_read_and_quoted_them() throws Exception {
        String line = "{\"op\":\"assign_keg\",\"sg\":1.0140,\"count\":50,\"beer_id\":null,\"kind\":true,"
                + "\"nested\":{\"a\":[1, \"two\", null]},\"keg_id\":\"k\\u00e9g \\\"7\\\"\",\"op\":\"status\"}";
        JsonNode tree = ControlJson.MAPPER.readTree(line);

        Map<String, ControlLineCodec.Value> fields = ControlLineCodec.request(line);

        assertThat(fields.keySet()).containsExactlyInAnyOrder("op", "sg", "count", "beer_id", "kind", "nested", "keg_id");
        assertThat(fields.get("op").text()).isEqualTo("status"); // the later duplicate wins, as in the tree
        assertThat(fields.get("sg").number()).isEqualTo(tree.get("sg").asDouble());
        assertThat(fields.get("count").number()).isEqualTo(50);
        assertThat(fields.get("beer_id").isNull()).isTrue();
        assertThat(fields.get("keg_id").text()).isEqualTo(tree.get("keg_id").asText());
        for (String name : fields.keySet()) {
            assertThat(fields.get(name)).as(name).hasToString(tree.get(name).toString());
        }
    }

    @Test
    void a_line_that_is_not_one_json_object_is_refused_naming_the_request() {
        for (String line : List.of("[1,2]", "\"status\"", "{\"op\":", "op=status", "42")) {
            assertThatThrownBy(() -> ControlLineCodec.request(line)).as(line).isInstanceOf(ControlException.class)
                    .hasMessageStartingWith("request = '").hasMessageEndingWith("must be one JSON object per line");
        }
    }

    @Test
    void names_are_databinds_snake_case() {
        assertThat(ControlLineCodec.snakeCase("temperatureC")).isEqualTo("temperature_c");
        assertThat(ControlLineCodec.snakeCase("emptyOffsetLbs")).isEqualTo("empty_offset_lbs");
        assertThat(ControlLineCodec.snakeCase("uptimeS")).isEqualTo("uptime_s");
        assertThat(ControlLineCodec.snakeCase("sg")).isEqualTo("sg");
    }
}
