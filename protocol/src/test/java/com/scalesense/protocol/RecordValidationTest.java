package com.scalesense.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * One reading or event judged alone, before it joins a batch (the scale's recorder), and the
 * re-stamping the batcher does. Guards issue 16: the recorder built a fake one-record batch and
 * filtered its violations by field-name strings, and the batcher rebuilt each record field by field.
 */
class RecordValidationTest {

    private static final RecordHeader HEADER = new RecordHeader(Samples.MAC, "SCALE-0042", Samples.BOOT, "1.0.16",
            "loc-001", "loc-001#TAP#07", "keg-20260318-007");
    private static final long Y1970 = 5_000L;

    private final MessageValidator validator = new MessageValidator();

    @Test
    void a_valid_reading_and_each_valid_event_pass_alone() {
        assertThat(validator.check(HEADER, Samples.reading(Samples.START))).isEmpty();
        for (DeviceEvent e : Samples.events()) {
            // an event alone is no batch: no "readings" rule
            assertThat(validator.check(HEADER, e)).as(e.toString()).isEmpty();
        }
    }

    @Test
    void a_reading_is_named_as_element_0_of_readings_and_its_header_fields_by_name() {
        // given a reading with an impossible level under a header with a bad keg_id
        Reading tooFull = new Reading(Samples.START, 150.0, 9.69, 112.4, 77.5, null, null, null, null, null,
                Map.of("hx711", SensorStatus.OK), true, KegState.STABLE, TareStatus.COMPLETE);
        RecordHeader badKeg = new RecordHeader(Samples.MAC, "SCALE-0042", Samples.BOOT, "1.0.16", "loc-001",
                "loc-001#TAP#07", "keg-1");
        // then both are named, and nothing about a batch
        assertThat(validator.check(badKeg, tooFull)).extracting(Violation::field)
                .containsExactly("keg_id", "readings[0].level_pct");
    }

    @Test
    void a_time_taken_before_sync_has_its_range_waived_but_a_synced_one_does_not() {
        Reading unsynced = Samples.reading(Y1970).withTimestamp(Y1970, false);
        assertThat(validator.check(HEADER, unsynced)).isEmpty();
        assertThat(validator.check(HEADER, unsynced.withTimestamp(Y1970, true))).extracting(Violation::field, Violation::rule)
                .containsExactly(tuple("readings[0].timestamp_ms", MessageValidator.TIMESTAMP_RULE));
    }

    @Test
    void an_unsynced_pour_that_starts_after_it_ends_is_still_refused() {
        // Only the range of times taken before sync is waived, never the order of start and end.
        DeviceEvent backwards = new DeviceEvent.Pour(Y1970, false, Y1970, Y1970 - 1_000, 16.0, 473.18);
        assertThat(validator.check(HEADER, backwards)).extracting(Violation::field, Violation::rule)
                .containsExactly(tuple("events[0].start_ms",
                        "must not be after end_ms " + (Y1970 - 1_000)));
    }

    @Test
    void withTimestamp_keeps_every_other_field_and_moves_a_pours_start_and_end_with_it() {
        Reading r = Samples.reading(Samples.START);
        assertThat(r.withTimestamp(Samples.END, false))
                .usingRecursiveComparison().ignoringFields("timestampMs", "clockSynced").isEqualTo(r);
        assertThat(r.withTimestamp(Samples.END, false).timestampMs()).isEqualTo(Samples.END);
        assertThat(r.clockSynced()).isTrue();
        assertThat(r.withTimestamp(Samples.END, false).clockSynced()).isFalse();
        List<DeviceEvent> moved = Samples.events().stream().map(e -> e.withTimestamp(e.timestampMs() + 7, !e.clockSynced()))
                .toList();
        for (int i = 0; i < moved.size(); i++) { // every kind of event: each takes the new time and flag, keeps the rest
            DeviceEvent before = Samples.events().get(i);
            assertThat(moved.get(i)).isInstanceOf(before.getClass());
            assertThat(moved.get(i).timestampMs()).isEqualTo(before.timestampMs() + 7);
            assertThat(moved.get(i).clockSynced()).isEqualTo(!before.clockSynced());
            assertThat(moved.get(i)).usingRecursiveComparison()
                    .ignoringFields("timestampMs", "clockSynced", "startMs", "endMs").isEqualTo(before);
        }
        moved = Samples.events().stream().map(e -> e.withTimestamp(e.timestampMs() + 7, true)).toList();
        assertThat(moved.get(0)).isEqualTo(new DeviceEvent.Pour(Samples.START + 120_007, true, Samples.START + 112_007,
                Samples.START + 120_007, 16.0, 473.18));
        assertThat(moved.get(3)).isEqualTo(new DeviceEvent.SensorError(Samples.START + 300_007, true, "hx711",
                SensorStatus.ERROR, "dout stuck high"));
    }
}
