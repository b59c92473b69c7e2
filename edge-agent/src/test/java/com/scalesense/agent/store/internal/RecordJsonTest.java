package com.scalesense.agent.store.internal;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.scalesense.agent.pipeline.calibration.Calibration;
import com.scalesense.agent.pipeline.calibration.CalibrationPoint;
import com.scalesense.agent.pipeline.calibration.CalibrationQuality;
import com.scalesense.agent.pipeline.detect.PourWindow;
import com.scalesense.agent.pipeline.keg.KegProfile;
import com.scalesense.agent.pipeline.keg.KegType;
import com.scalesense.agent.pipeline.keg.Tare;
import com.scalesense.agent.scale.ScaleMemory;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The stored values' JSON without databind (issue 18) is the JSON the databind mapper wrote and
 * read before: an NVS store written by an older agent reads, and one written now reads in an
 * older agent.
 */
class RecordJsonTest {

    /** The mapper RecordCodec used before issue 18. */
    private static final ObjectMapper DATABIND = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

    private static final Calibration THREE_POINTS = new Calibration(8_388.5, -21_345.678, List.of(
            new CalibrationPoint(0, 8_388.5, 21.5), new CalibrationPoint(10, -205_068.3, null),
            new CalibrationPoint(20.0, -418_525.06, 22.25)), 0.0012, CalibrationQuality.VERIFIED, 0.5, 21.0,
            1_763_790_000_000L);
    private static final Calibration TWO_POINTS = new Calibration(-1e-9, 1e7, List.of(), 0, CalibrationQuality.UNVERIFIED,
            0, null, 0);

    static List<Record> storedValues() {
        return List.of(
                new ScaleMemory.StoredCalibrations(List.of(THREE_POINTS, TWO_POINTS)),
                new ScaleMemory.StoredCalibrations(List.of()),
                new KegProfile("keg-20260318-007", "guinness-draught", KegType.HALF_BARREL, 1.007,
                        new Tare(13.2, 72.5, 1_763_790_000_000L)),
                KegProfile.reference(KegType.SIXTH_BARREL),
                new KegProfile(null, null, KegType.SLIM_QUARTER, 1.2, new Tare(null, 40.1, 5L)),
                new PourWindow("keg-20260318-007", List.of(new PourWindow.Pour(1L, 0.0), new PourWindow.Pour(2L,
                        0.125), new PourWindow.Pour(Long.MAX_VALUE, 1.0 / 3))),
                PourWindow.empty(null),
                new ScaleMemory.SettledWeight(-0.0),
                new ScaleMemory.SettledWeight(Double.NaN),
                new ScaleMemory.SettledWeight(Double.MIN_VALUE));
    }

    @Test
    void writes_each_stored_value_byte_for_byte_as_the_databind_mapper_did() throws IOException {
        for (Record value : storedValues()) {
            assertThat(new String(RecordJson.write(value), UTF_8)).as(value.toString())
                    .isEqualTo(DATABIND.writeValueAsString(value));
        }
    }

    @Test
    void reads_what_the_databind_mapper_wrote_back_to_the_same_value() throws IOException {
        for (Record value : storedValues()) {
            byte[] old = DATABIND.writeValueAsBytes(value);
            Record back = RecordJson.read(old, value.getClass());
            // (a record's equals compares doubles with Double.compare, so a NaN equals a NaN)
            assertThat(back).as(new String(old, UTF_8)).isEqualTo(value);
        }
    }

    @Test
    void skips_fields_a_newer_agent_added_and_leaves_missing_ones_null() throws IOException {
        String newer = "{\"kegId\":\"keg-20260318-007\",\"kegType\":\"HALF_BARREL\",\"sg\":1.0,"
                + "\"tare\":{\"emptyOffsetKg\":null,\"fullRefKg\":null,\"taredAtMs\":null,\"scale\":{\"x\":[1,{}]}},"
                + "\"futureField\":[[{\"a\":null}]]}";

        KegProfile read = RecordJson.read(newer.getBytes(UTF_8), KegProfile.class);

        assertThat(read).isEqualTo(new KegProfile("keg-20260318-007", null, KegType.HALF_BARREL, 1.0, Tare.PENDING));
        assertThat(read).isEqualTo(DATABIND.readValue(newer, KegProfile.class));
    }

    @Test
    void refuses_a_value_that_does_not_read_as_its_type_as_the_databind_mapper_did() {
        // a list where an object must be, an unknown keg type, a record whose own checks refuse it
        for (String json : List.of("{\"kegId\":\"k\",\"pours\":\"??\"}", "{\"pours\":null}",
                "{\"kegType\":\"PINT\",\"sg\":1.0,\"tare\":{}}", "[]", "{\"kegType\":\"HALF_BARREL\",\"sg\":7}")) {
            Class<? extends Record> type = json.contains("pours") ? PourWindow.class : KegProfile.class;
            assertThatThrownBy(() -> DATABIND.readValue(json, type)).as("databind, " + json).isNotNull();
            assertThatThrownBy(() -> RecordJson.read(json.getBytes(UTF_8), type)).as(json).isNotNull();
        }
    }

    @Test
    void writes_maps_and_reads_numbers_given_as_text_as_the_mapper_did() throws IOException {
        record Counts(Map<String, Long> bySensor, long total, Integer missing, boolean flag) {
        }
        var counts = new Counts(Map.of("hx711", 3L), 3, null, true);
        assertThat(new String(RecordJson.write(counts), UTF_8)).isEqualTo(DATABIND.writeValueAsString(counts));

        String loose = "{\"bySensor\":{\"hx711\":\"3\"},\"total\":\"3\",\"flag\":true}";
        assertThat(RecordJson.read(loose.getBytes(UTF_8), Counts.class)).isEqualTo(counts)
                .isEqualTo(DATABIND.readValue(loose, Counts.class));
    }
}
