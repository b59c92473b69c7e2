package com.scalesense.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MessageValidatorTest {

    private final MessageValidator validator = new MessageValidator();

    private static List<String> fields(List<Violation> violations) {
        return violations.stream().map(Violation::field).toList();
    }

    private static ReadingsBatch withHeader(String hardwareId, String bootId, String batchId, String locId, String tapId) {
        return new ReadingsBatch(1, hardwareId, "SCALE-0042", bootId, "1.0.16", batchId, locId, tapId, null,
                List.of(Samples.reading(Samples.START), Samples.reading(Samples.END)), List.of());
    }

    @Test
    void accepts_the_sample_messages() {
        assertThat(validator.check(Samples.batch())).isEmpty();
        assertThat(validator.check(Samples.registration())).isEmpty();
        assertThat(validator.check(Samples.command())).isEmpty();
        assertThatCode(() -> validator.requireValid(Samples.batch())).doesNotThrowAnyException();
    }

    @Test
    void rejects_batch_when_hardware_id_is_not_a_mac() {
        var batch = withHeader("aa:bb:cc:dd:ee:ff", Samples.BOOT, Samples.BATCH_ID, "loc-001", "loc-001#TAP#07");
        assertThat(fields(validator.check(batch))).contains("hardware_id");
    }

    @Test
    void rejects_boot_id_whose_version_or_variant_bits_are_not_v4() {
        String v1 = "7c9e6679-7425-10de-944b-e07fc1f90ae7";
        String badVariant = "7c9e6679-7425-40de-c44b-e07fc1f90ae7";
        for (String boot : List.of(v1, badVariant)) {
            var batch = withHeader(Samples.MAC, boot, new BatchId(Samples.MAC, boot, Samples.START, Samples.END)
                    .toString(), "loc-001", "loc-001#TAP#07");
            assertThat(validator.check(batch)).extracting(Violation::field).containsExactly("boot_id");
        }
    }

    @Test
    void rejects_batch_id_not_formed_from_its_own_hardware_and_boot() {
        String other = new BatchId("11:22:33:44:55:66", Samples.BOOT, Samples.START, Samples.END).toString();
        var batch = withHeader(Samples.MAC, Samples.BOOT, other, "loc-001", "loc-001#TAP#07");
        assertThat(validator.check(batch)).singleElement().satisfies(v -> {
            assertThat(v.field()).isEqualTo("batch_id");
            assertThat(v.rule()).contains("hardware_id and boot_id");
        });
    }

    @Test
    void rejects_batch_id_with_unsafe_characters_or_over_256_chars() {
        var spaced = withHeader(Samples.MAC, Samples.BOOT, Samples.BATCH_ID + " x", "loc-001", "loc-001#TAP#07");
        var longId = withHeader(Samples.MAC, Samples.BOOT, "A".repeat(257), "loc-001", "loc-001#TAP#07");
        assertThat(fields(validator.check(spaced))).containsExactly("batch_id");
        assertThat(validator.check(longId)).singleElement().satisfies(v -> {
            assertThat(v.field()).isEqualTo("batch_id");
            assertThat(v.value()).hasSizeLessThan(100).endsWith("(257 chars)");
        });
    }

    @Test
    void rejects_batch_id_whose_window_ends_before_it_starts() {
        String backwards = Samples.MAC + "_" + Samples.BOOT + "_" + Samples.END + "_" + Samples.START;
        var batch = withHeader(Samples.MAC, Samples.BOOT, backwards, "loc-001", "loc-001#TAP#07");
        assertThat(validator.check(batch)).singleElement().satisfies(v -> {
            assertThat(v.field()).isEqualTo("batch_id");
            assertThat(v.rule()).contains("window_end_ms must not be before window_start_ms");
        });
    }

    @Test
    void rejects_tap_of_another_location() {
        var batch = withHeader(Samples.MAC, Samples.BOOT, Samples.BATCH_ID, "loc-002", "loc-001#TAP#07");
        assertThat(validator.check(batch)).singleElement().satisfies(v -> {
            assertThat(v.field()).isEqualTo("tap_id");
            assertThat(v.rule()).isEqualTo("must belong to loc_id loc-002");
        });
    }

    @Test
    void rejects_readings_outside_the_window_or_out_of_order() {
        // given readings before the window, then two in the same millisecond
        var readings = List.of(Samples.reading(Samples.START - 1), Samples.reading(Samples.START + 5),
                Samples.reading(Samples.START + 5), Samples.reading(Samples.END + 1));
        var violations = validator.check(Samples.batch(Samples.BATCH_ID, readings, List.of()));
        assertThat(violations).extracting(Violation::field).containsExactly(
                "readings[0].timestamp_ms", "readings[2].timestamp_ms", "readings[3].timestamp_ms", "batch_id");
        assertThat(violations.get(1).rule()).contains("strictly greater", "{timestamp_ms}#{batch_id}");
    }

    @Test
    void rejects_batch_whose_window_is_wider_than_its_readings_and_events() {
        // Guards issue 13 class 5: a window wider than the batch's own times named the same
        // readings under a second batch_id, and the sink stored them twice.
        // given a batch whose one reading is at START + 300 s but whose id names [START, END]
        var batch = Samples.batch(Samples.BATCH_ID, List.of(Samples.reading(Samples.START + 300_000)), List.of());
        // then the window is refused, naming the span it must be
        assertThat(validator.check(batch)).singleElement().satisfies(v -> {
            assertThat(v.field()).isEqualTo("batch_id");
            assertThat(v.rule()).contains("window must be exactly [" + (Samples.START + 300_000) + ", "
                    + (Samples.START + 300_000) + "]");
        });
    }

    @Test
    void accepts_a_window_that_is_the_span_of_readings_and_events_together() {
        // the agent's batcher forms the window over readings and events: an event may come first
        var pour = new DeviceEvent.Pour(Samples.START, true, Samples.START - 8_000, Samples.START, 16.0, 473.18);
        var batch = Samples.batch(new BatchId(Samples.MAC, Samples.BOOT, Samples.START, Samples.START + 60_000)
                .toString(), List.of(Samples.reading(Samples.START + 60_000)), List.of(pour));
        assertThat(validator.check(batch)).isEmpty();
    }

    @Test
    void rejects_batch_id_whose_window_has_leading_zeros() {
        // Guards issue 13 class 5: "_0999999999000_" parsed to the same window as "_999999999000_",
        // so one batch had two ids and a redelivery under the other was stored again.
        // given a reading of 2001-09-08, whose epoch ms has 12 digits: "0" + 12 digits fits 13
        long t = 999_999_999_000L;
        String padded = Samples.MAC + "_" + Samples.BOOT + "_0" + t + "_" + t;
        var batch = Samples.batch(padded, List.of(Samples.reading(t)), List.of());
        assertThat(validator.check(batch)).singleElement().satisfies(v -> {
            assertThat(v.field()).isEqualTo("batch_id");
            assertThat(v.rule()).contains("without leading zeros");
        });
    }

    @Test
    void rejects_empty_and_oversized_batches() {
        assertThat(fields(validator.check(Samples.batch(List.of(), List.of())))).containsExactly("readings");
        var many = new ArrayList<Reading>();
        for (int i = 0; i < 101; i++) {
            many.add(Samples.reading(Samples.START + i));
        }
        assertThat(fields(validator.check(Samples.batch(many, List.of())))).containsExactly("readings");
    }

    @Test
    void rejects_numbers_out_of_their_ranges() {
        var r = new Reading(Samples.START, 100.5, -1.0, Double.POSITIVE_INFINITY, 0.0, -0.1, -2.0, 31.0, 101.0, -41.0,
                Map.of("hx711", SensorStatus.OK), true, KegState.STABLE, null);
        assertThat(fields(validator.check(Samples.batch(List.of(r), List.of())))).containsExactly(
                "readings[0].level_pct", "readings[0].gallons", "readings[0].weight_lbs",
                "readings[0].pour_rate_gph", "readings[0].hours_remaining", "readings[0].battery_v",
                "readings[0].battery_pct", "readings[0].temperature_c");
    }

    @Test
    void rejects_numbers_beyond_physics_or_what_dynamodb_can_store() {
        // Guards issue 13 class 1: 1e126 and 1e-131 passed "finite and >= 0", failed in the
        // sink's DynamoDB write and were retried as if DynamoDB were down.
        var r = new Reading(Samples.START, 1e-131, 1e126, 1000.5, 1200.1, 120.5, 8761.0, 1e-200, 1e-131, 85.5,
                Map.of("hx711", SensorStatus.OK), true, KegState.STABLE, null);
        var events = List.<DeviceEvent>of(
                new DeviceEvent.Pour(Samples.START, true, Samples.START - 1, Samples.START, 1e126, 1e126 * 29.5735295625),
                new DeviceEvent.KegSwap(Samples.START, true, null, null, 1e126),
                new DeviceEvent.Tare(Samples.START, true, "empty", "keg-20260320-V1St", "half_barrel", 1000.01, 1e-131,
                        TareStatus.EMPTY_SET));
        var violations = validator.check(Samples.batch(List.of(r), events));
        assertThat(fields(violations)).containsExactly("readings[0].level_pct", "readings[0].gallons",
                "readings[0].weight_lbs", "readings[0].pints_left", "readings[0].pour_rate_gph",
                "readings[0].hours_remaining", "readings[0].battery_v", "readings[0].battery_pct",
                "readings[0].temperature_c", "events[0].volume_oz", "events[0].volume_ml", "events[1].weight_lbs",
                "events[2].empty_offset_lbs", "events[2].full_ref_lbs");
        assertThat(violations.get(2).rule()).contains("[0, 1000] lbs");
    }

    @Test
    void accepts_every_number_at_the_edges_of_its_range() {
        // the bounds themselves, and the smallest magnitude DynamoDB stores, are valid values
        double tiny = PhysicalRange.MIN_MAGNITUDE;
        var top = new Reading(Samples.START, 100.0, 150.0, 1000.0, 1200.0, 120.0, 8760.0, 30.0, 100.0, 85.0,
                Map.of("hx711", SensorStatus.OK), true, KegState.STABLE, null);
        var bottom = new Reading(Samples.START + 1, tiny, tiny, tiny, tiny, 0.0, 0.0, 0.0, 0.0, -40.0,
                Map.of("hx711", SensorStatus.OK), true, KegState.STABLE, null);
        var events = List.<DeviceEvent>of(
                new DeviceEvent.Pour(Samples.START, true, Samples.START - 1, Samples.START, 19_200.0, 567_811.77),
                new DeviceEvent.KegSwap(Samples.START, true, null, null, 1000.0),
                new DeviceEvent.Tare(Samples.START, true, "full", "keg-20260320-V1St", "half_barrel", tiny, 1000.0,
                        TareStatus.COMPLETE));
        assertThat(validator.check(Samples.batch(List.of(top, bottom), events))).isEmpty();
    }

    @Test
    void rejects_a_level_given_while_the_load_cell_is_in_error() {
        // a fault must never turn into a level: the sink would write a wrong level_pct
        var r = new Reading(Samples.START, 55.0, null, null, null, null, null, null, null, null,
                Map.of("hx711", SensorStatus.ERROR), true, KegState.INVALID, null);
        assertThat(validator.check(Samples.batch(List.of(r), List.of()))).singleElement().satisfies(v -> {
            assertThat(v.field()).isEqualTo("readings[0].level_pct");
            assertThat(v.rule()).contains("hx711 is error");
        });
    }

    @Test
    void rejects_a_good_reading_without_its_level_or_without_hx711_status() {
        var noLevel = new Reading(Samples.START, null, 1.0, 2.0, 3.0, null, null, null, null, null,
                Map.of("hx711", SensorStatus.OK), true, KegState.STABLE, null);
        var noStatus = new Reading(Samples.START + 1, 1.0, 1.0, 2.0, 3.0, null, null, null, null, null,
                Map.of("Bad Name", SensorStatus.OK), true, null, null);
        assertThat(fields(validator.check(Samples.batch(List.of(noLevel, noStatus), List.of())))).containsExactly(
                "readings[0].level_pct", "readings[1].keg_state", "readings[1].sensor_status",
                "readings[1].sensor_status.hx711");
    }

    @Test
    void accepts_a_weight_without_a_level_when_no_keg_is_on_the_platform() {
        // a level of 0 for an absent keg would read as "keg ran dry" and raise a false alert
        var absent = new Reading(Samples.START, null, null, 0.4, null, null, null, null, null, null,
                Map.of("hx711", SensorStatus.OK), true, KegState.KEG_ABSENT, null);
        var noWeight = new Reading(Samples.START + 1, null, null, null, null, null, null, null, null, null,
                Map.of("hx711", SensorStatus.OK), true, KegState.KEG_ABSENT, null);
        assertThat(fields(validator.check(Samples.batch(List.of(absent, noWeight), List.of()))))
                .containsExactly("readings[1].weight_lbs");
    }

    @Test
    void accepts_a_settling_or_disturbed_reading_without_a_level_but_not_a_stable_one() {
        // issue 12: a start-up reading with no level known yet said level 0 % ("ran dry"); it now
        // carries none, and so may a disturbed one before any settled weight
        var settling = new Reading(Samples.START, null, null, 120.0, null, null, null, null, null, null,
                Map.of("hx711", SensorStatus.OK), true, KegState.SETTLING, null);
        var disturbed = new Reading(Samples.START + 1, null, null, 130.0, null, null, null, null, null, null,
                Map.of("hx711", SensorStatus.OK), true, KegState.DISTURBED, null);
        var stable = new Reading(Samples.START + 2, null, null, 130.0, null, null, null, null, null, null,
                Map.of("hx711", SensorStatus.OK), true, KegState.STABLE, null);
        assertThat(fields(validator.check(Samples.batch(List.of(settling, disturbed, stable), List.of()))))
                .containsExactly("readings[2].level_pct", "readings[2].gallons", "readings[2].pints_left");
    }

    @Test
    void rejects_inconsistent_events() {
        var events = List.<DeviceEvent>of(
                new DeviceEvent.Pour(Samples.START + 10, true, Samples.START + 11, Samples.START + 10, 16.0, 400.0),
                new DeviceEvent.KegSwap(Samples.START + 20, true, "keg-20260231-abc", null, -1.0),
                new DeviceEvent.Tare(Samples.START + 30, true, "half", "keg-1", "barrel", null, -3.0, null),
                new DeviceEvent.SensorError(Samples.END + 1, true, "HX711", null, "x".repeat(300)));
        assertThat(fields(validator.check(Samples.batch(Samples.BATCH_ID,
                List.of(Samples.reading(Samples.START)), events))))
                .containsExactly("events[0].start_ms", "events[0].volume_ml",
                        "events[1].previous_keg_id", "events[1].weight_lbs",
                        "events[2].kind", "events[2].keg_id", "events[2].keg_type", "events[2].full_ref_lbs",
                        "events[2].tare_status",
                        "events[3].timestamp_ms", "events[3].sensor", "events[3].status", "events[3].detail",
                        "batch_id");
    }

    @Test
    void accepts_a_pour_whose_millilitres_are_rounded() {
        // 12 US fl oz = 354.88 ml; an agent rounding to whole millilitres sends 355
        var pour = new DeviceEvent.Pour(Samples.START + 10, true, Samples.START, Samples.START + 10, 12.0, 355.0);
        assertThat(validator.check(Samples.batch(List.of(Samples.reading(Samples.START)), List.of(pour)))).isEmpty();
    }

    @Test
    void collects_every_violation_in_the_exception() {
        var batch = new ReadingsBatch(1, "nope", "scale-1", "nope", "", "nope", "x", "y", "keg-x", List.of(), List.of());
        assertThatThrownBy(() -> validator.requireValid(batch))
                .isInstanceOfSatisfying(InvalidMessageException.class, e -> assertThat(fields(e.violations()))
                        .containsExactly("hardware_id", "device_id", "boot_id", "firmware_version", "loc_id",
                                "tap_id", "keg_id", "batch_id", "readings"))
                .hasMessageContaining("9 violation(s)");
    }

    @Test
    void rejects_registration_with_bad_capabilities_and_timestamp() {
        var r = new BootRegistration(1, Samples.MAC, "SCALE-0042", Samples.BOOT, "1.0.16", "loc-001",
                "loc-001#TAP#07", new Capabilities(List.of("HX711"), Map.of("Offline", true)), 0, false);
        assertThat(fields(validator.check(r))).containsExactly("timestamp_ms", "capabilities.sensors[0]",
                "capabilities.features");
    }

    @Test
    void rejects_commands_with_unknown_type_or_missing_keg_arguments() {
        var unknown = new DeviceCommand("cmd 1", "explode", Map.of(), Samples.START);
        var assign = new DeviceCommand("cmd-2", "assign_keg", Map.of("beer_id", "Guinness"), Samples.START);
        assertThat(fields(validator.check(unknown))).containsExactly("command_id", "type");
        assertThat(fields(validator.check(assign))).containsExactly("args.keg_id", "args.keg_type", "args.beer_id");
        assertThat(validator.check(new DeviceCommand("c", "reload_config", Map.of(), Samples.START))).isEmpty();
    }

    @Test
    void accepts_assign_keg_of_a_locations_custom_beer() {
        var custom = new DeviceCommand("cmd-3", "assign_keg", Map.of("keg_id", "keg-20260320-V1St",
                "keg_type", "half_barrel", "beer_id", "loc-001#house-ale"), Samples.START);
        assertThat(validator.check(custom)).isEmpty();
    }

    @Test
    void assign_keg_takes_full_true_or_false_and_refuses_any_other_word() {
        // issue 12 round 5: args.full says the keg is new and full from the brewery
        var full = new DeviceCommand("cmd-4", "assign_keg", Map.of("keg_id", "keg-20260320-V1St",
                "keg_type", "half_barrel", "full", "true"), Samples.START);
        var notFull = new DeviceCommand("cmd-5", "assign_keg", Map.of("keg_id", "keg-20260320-V1St",
                "keg_type", "half_barrel", "full", "false"), Samples.START);
        var word = new DeviceCommand("cmd-6", "assign_keg", Map.of("keg_id", "keg-20260320-V1St",
                "keg_type", "half_barrel", "full", "yes"), Samples.START);
        assertThat(validator.check(full)).isEmpty();
        assertThat(validator.check(notFull)).isEmpty();
        assertThat(fields(validator.check(word))).containsExactly("args.full");
    }

    @Test
    void set_low_keg_needs_a_percentage_and_whole_seconds_up_to_a_day_naming_each_broken_argument() {
        // issue 18: the location's low-keg rule for the scale
        assertThat(validator.check(new DeviceCommand("lowkeg-1", "set_low_keg",
                Map.of("low_keg_pct", "15", "grace_period_secs", "900"), Samples.START))).isEmpty();
        assertThat(validator.check(new DeviceCommand("lowkeg-2", "set_low_keg",
                Map.of("low_keg_pct", "12.5", "grace_period_secs", "0"), Samples.START))).isEmpty();
        assertThat(fields(validator.check(new DeviceCommand("lowkeg-3", "set_low_keg", Map.of(), Samples.START))))
                .containsExactly("args.low_keg_pct", "args.grace_period_secs");
        var bad = validator.check(new DeviceCommand("lowkeg-4", "set_low_keg",
                Map.of("low_keg_pct", "101", "grace_period_secs", "86401"), Samples.START));
        assertThat(bad).extracting(Violation::rule).containsExactly(
                "is required for set_low_keg and must be a percentage, a number 0..100",
                "is required for set_low_keg and must be whole seconds 0..86400");
        assertThat(fields(validator.check(new DeviceCommand("lowkeg-5", "set_low_keg",
                Map.of("low_keg_pct", "-1", "grace_period_secs", "1e3"), Samples.START))))
                .containsExactly("args.low_keg_pct", "args.grace_period_secs");
    }
}
