package com.scalesense.agent.boot;

import com.scalesense.agent.operations.CloudCommands;
import com.scalesense.agent.operations.Selftest;

import com.scalesense.agent.scale.ScriptedLoadCell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.scalesense.control.ControlException;
import com.scalesense.control.Replies;
import com.scalesense.agent.pipeline.Units;
import com.scalesense.agent.uplink.CommandInbox;
import com.scalesense.hal.replay.TraceReader;
import com.scalesense.protocol.MessageValidator;
import com.scalesense.protocol.WireCodec;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The control socket of a real agent (real stores, real Unix socket) on a scripted load cell. */
class ControlSocketIT {

    @TempDir
    Path dir;
    private AgentFixture scale;

    @BeforeEach
    void start() throws InterruptedException {
        scale = AgentFixture.start(dir.resolve("state"));
    }

    @AfterEach
    void stop() {
        scale.close();
    }

    @Test
    void socket_file_is_readable_and_writable_by_owner_and_group_only() throws Exception {
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(scale.agent.controlSocket())))
                .isEqualTo("rw-rw----");
    }

    @Test
    void fresh_scale_reports_no_calibration_and_refuses_a_keg_tare() {
        Replies.Status status = scale.client.status();

        assertThat(status.deviceId()).isEqualTo("SIM-0001");
        assertThat(status.bootCount()).isEqualTo(1);
        assertThat(status.calibration().points()).isZero();
        assertThat(status.connectivity().configured()).isFalse();
        assertThatThrownBy(() -> scale.client.tareKeg("empty"))
                .isInstanceOfSatisfying(ControlException.class, e -> assertThat(e.code()).isEqualTo("not_calibrated"));
    }

    @Test
    void calibration_with_known_weights_is_committed_and_survives_a_restart() throws Exception {
        scale.calibrate();
        assertThat(scale.client.calibrationHistory().entries()).hasSize(1);

        scale.close();
        scale = AgentFixture.start(dir.resolve("state"));

        Replies.Status status = scale.client.status();
        assertThat(status.bootCount()).isEqualTo(2);
        assertThat(status.calibration().quality()).isEqualTo("verified");
        assertThat(status.calibration().countsPerKg()).isCloseTo(ScriptedLoadCell.COUNTS_PER_KG, org.assertj.core.data.Percentage.withPercentage(0.5));
    }

    @Test
    void fit_is_refused_with_its_reason_when_counts_do_not_change_with_load_and_nothing_is_committed() {
        // given two "known weights" that the cell never felt (the weights were not put on)
        scale.client.calibrateAdd(0);
        scale.client.calibrateAdd(20);

        assertThatThrownBy(() -> scale.client.calibrateFit())
                .isInstanceOfSatisfying(ControlException.class, e -> {
                    assertThat(e.code()).isEqualTo("fit_rejected");
                    assertThat(e.getMessage()).contains("scale");
                });
        assertThatThrownBy(() -> scale.client.calibrateCommit())
                .isInstanceOfSatisfying(ControlException.class, e -> assertThat(e.code()).isEqualTo("no_candidate"));
        assertThat(scale.client.calibrationHistory().entries()).isEmpty();
    }

    @Test
    void tare_zeroes_the_empty_platform_after_the_bridge_drifted() {
        scale.calibrate();
        scale.cell.load(0);
        scale.cell.drift(900); // 50 g of zero drift

        scale.client.tare();

        List<Replies.Live> samples = new ArrayList<>();
        scale.client.live(20, 10, samples::add);
        double meanKg = samples.stream().mapToDouble(Replies.Live::weightKg).average().orElseThrow();
        assertThat(meanKg).isBetween(-0.005, 0.005);
        assertThat(scale.client.calibrationHistory().entries()).hasSize(2);
    }

    @Test
    void tare_with_a_keg_on_the_platform_is_refused_and_changes_nothing() {
        scale.calibrate();
        scale.cell.load(27.3); // a part-full sixth barrel left standing while the technician zeroes

        assertThatThrownBy(() -> scale.client.tare())
                .isInstanceOfSatisfying(ControlException.class, e -> {
                    assertThat(e.code()).isEqualTo("not_empty");
                    assertThat(e.getMessage()).contains("27.3").contains("lift what stands on it");
                });
        assertThat(scale.client.calibrationHistory().entries()).hasSize(1);

        List<Replies.Live> samples = new ArrayList<>();
        scale.client.live(20, 10, samples::add);
        assertThat(samples.stream().mapToDouble(Replies.Live::weightKg).average().orElseThrow()).isBetween(27.2, 27.4);
    }

    @Test
    void assign_keg_names_the_bad_field_and_accepts_a_valid_keg_with_tare_pending() {
        scale.calibrate();

        assertThatThrownBy(() -> scale.client.assignKeg("keg-1", null, "half_barrel", 1.014))
                .isInstanceOfSatisfying(ControlException.class, e -> {
                    assertThat(e.code()).isEqualTo("bad_request");
                    assertThat(e.getMessage()).contains("keg_id").contains("keg-1");
                });
        Replies.Keg keg = scale.client.assignKeg("keg-20260318-007", null, "sixth_barrel", 1.014);

        assertThat(keg.kegId()).isEqualTo("keg-20260318-007");
        assertThat(keg.kegType()).isEqualTo("sixth_barrel");
        assertThat(keg.tareStatus()).isEqualTo("pending");
    }

    @Test
    void assign_keg_with_a_beer_shows_it_in_status_refuses_a_bad_one_and_keeps_it_across_a_restart() throws Exception {
        scale.calibrate();
        Replies.Keg assigned = scale.client.assignKeg("keg-20260318-007", "guinness-draught", "half_barrel", 1.014);

        assertThatThrownBy(() -> scale.client.assignKeg("keg-20260318-008", "Guinness Draught", "half_barrel", 1.014))
                .isInstanceOfSatisfying(ControlException.class, e -> {
                    assertThat(e.code()).isEqualTo("bad_request");
                    assertThat(e.getMessage()).contains("beer_id = 'Guinness Draught'")
                            .contains("lower-case words joined by '-'");
                });
        assertThat(assigned.beerId()).isEqualTo("guinness-draught");
        Replies.Keg shown = scale.client.status().keg();
        assertThat(shown.kegId()).isEqualTo("keg-20260318-007");
        assertThat(shown.beerId()).isEqualTo("guinness-draught");

        scale.close();
        scale = AgentFixture.start(dir.resolve("state"));

        assertThat(scale.client.status().keg().beerId()).isEqualTo("guinness-draught");
    }

    @Test
    void a_keg_tare_before_a_keg_is_assigned_is_refused_with_no_keg_and_the_keg_is_unchanged() {
        // regression: the tare went through, and its event naming no keg was refused by the outbox
        Replies.Keg before = unassignedKegStableAt(FULL_HALF_BARREL_KG);

        assertThatThrownBy(() -> scale.client.tareKeg("full"))
                .isInstanceOfSatisfying(ControlException.class, e -> {
                    assertThat(e.code()).isEqualTo("no_keg");
                    assertThat(e.getMessage()).contains("keg_id").contains("must be assigned");
                });

        assertThat(scale.client.status().keg()).isEqualTo(before);
        assertThat(scale.client.status().sampling().recordsRefused()).isZero();
        scale.client.assignKeg("keg-20260318-007", null, "half_barrel", 1.0);
        assertThat(scale.client.tareKeg("full").tareStatus()).isEqualTo("full_set"); // full alone: the empty is not measured
        assertThat(scale.client.status().keg().fullRefLbs()).isCloseTo(Units.kgToLbs(FULL_HALF_BARREL_KG), within(0.1));
    }

    @Test
    void a_keg_tare_that_makes_no_physical_sense_is_refused_naming_the_weights_on_the_socket_and_from_the_cloud() {
        // issue 12: any tare was taken, e.g. an empty tare equal to the full one (level 100 % of 0.0001 gallons)
        // given a half barrel with 40 kg on the platform (neither empty nor full)
        unassignedKegStableAt(40);
        scale.client.assignKeg("keg-20260318-007", null, "half_barrel", 1.0);
        Replies.Keg before = scale.client.status().keg();
        CommandInbox inbox = new CommandInbox("SIM-0001", new CloudCommands(scale.agent.control(), () -> { }),
                new WireCodec(), new MessageValidator());

        // when it is tared full, and empty, on the socket and from the cloud
        assertThatThrownBy(() -> scale.client.tareKeg("full")).isInstanceOfSatisfying(ControlException.class, e -> {
            assertThat(e.code()).isEqualTo("implausible_tare");
            assertThat(e.getMessage()).contains("full_ref = ").contains("a full half_barrel holds 52.81..64.54 kg of beer");
        });
        assertThatThrownBy(() -> scale.client.tareKeg("empty")).isInstanceOfSatisfying(ControlException.class, e -> {
            assertThat(e.code()).isEqualTo("implausible_tare");
            assertThat(e.getMessage()).contains("empty_offset = ").contains("an empty half_barrel shell weighs 11.65..14.65 kg");
        });
        inbox.receive("""
                {"command_id": "cmd-20261122-0010", "type": "tare_empty", "issued_at_ms": 1795312800000}"""
                .getBytes(StandardCharsets.UTF_8));

        // then nothing changed
        assertThat(inbox.stats()).isEqualTo(new CommandInbox.Stats(0, 0, 0, 1));
        assertThat(scale.client.status().keg()).isEqualTo(before);
    }

    @Test
    void a_cloud_tare_before_an_assign_fails_in_the_command_inbox_and_changes_nothing() {
        Replies.Keg before = unassignedKegStableAt(40);
        CommandInbox inbox = new CommandInbox("SIM-0001", new CloudCommands(scale.agent.control(), () -> { }),
                new WireCodec(), new MessageValidator());

        inbox.receive("""
                {"command_id": "cmd-20261122-0009", "type": "tare_full", "issued_at_ms": 1795312800000}"""
                .getBytes(StandardCharsets.UTF_8));

        assertThat(inbox.stats()).isEqualTo(new CommandInbox.Stats(0, 0, 0, 1));
        assertThat(scale.client.status().keg()).isEqualTo(before);
        assertThat(scale.client.status().sampling().recordsRefused()).isZero();
    }

    @Test
    void live_stream_carries_raw_counts_and_weight() {
        scale.calibrate();
        scale.cell.load(20);

        List<Replies.Live> samples = new ArrayList<>();
        int n = scale.client.live(8, 10, samples::add);

        // the first two may have been read before the weight went on (the loop reads one ahead)
        assertThat(n).isEqualTo(8);
        assertThat(samples.subList(2, 8)).allSatisfy(s -> {
            assertThat(s.status()).isEqualTo("ok");
            assertThat(s.rawCounts()).isGreaterThan((int) ScriptedLoadCell.ZERO_COUNTS);
            assertThat(s.weightKg()).isBetween(19.9, 20.1);
        });
    }

    @Test
    void record_trace_writes_a_trace_the_replay_reader_accepts() throws Exception {
        Path trace = dir.resolve("capture.trace");

        Replies.Trace result = scale.client.recordTrace(trace, 1);

        assertThat(result.rows()).isPositive();
        try (TraceReader reader = TraceReader.open(trace)) {
            assertThat(reader.header().rate().samplesPerSecond()).isEqualTo(10);
        }
    }

    @Test
    void record_trace_writes_the_calibration_and_the_keg_into_the_header_for_replay() throws Exception {
        // given a calibrated scale (guards issue 12: a trace a technician sends must be replayable
        // without asking the scale for its calibration)
        scale.calibrate();
        scale.client.assignKeg("keg-20260318-007", null, "half_barrel", 1.014);
        Path trace = dir.resolve("calibrated.trace");

        // when it records
        scale.client.recordTrace(trace, 1);

        // then the header carries the calibration in use and the keg assigned on the tap (issue 12, round 4: replay
        // starts with that keg assigned instead of an unassigned estimate)
        Replies.CalibrationInfo cal = scale.client.status().calibration();
        try (TraceReader reader = TraceReader.open(trace)) {
            Map<String, String> notes = reader.header().notes();
            assertThat(Double.parseDouble(notes.get("offset_counts"))).isCloseTo(cal.offsetCounts(), within(0.001));
            assertThat(Double.parseDouble(notes.get("counts_per_kg"))).isCloseTo(cal.countsPerKg(), within(1e-6));
            assertThat(notes).containsEntry("keg_type", scale.client.status().keg().kegType())
                    .containsEntry("keg_id", "keg-20260318-007").containsEntry("sg", "1.0140");
        }
    }

    @Test
    void selftest_passes_on_a_quiet_cell_and_fails_saturation_when_the_chip_saturates() {
        scale.calibrate();
        assertThat(scale.client.selftest().pass()).isTrue();

        scale.cell.saturate(true);
        Replies.Selftest saturated = scale.client.selftest();

        assertThat(saturated.pass()).isFalse();
        assertThat(saturated.checks()).anySatisfy(c -> {
            assertThat(c.name()).isEqualTo("chip_ready");
            assertThat(c.pass()).isFalse();
        });
    }

    @Test
    void malformed_and_unknown_requests_get_an_error_naming_the_field_and_rule() {
        JsonNode notJson = scale.client.raw("tare please");
        JsonNode unknown = scale.client.raw("{\"op\":\"explode\"}");
        JsonNode badKind = scale.client.raw("{\"op\":\"keg_tare\",\"kind\":\"half\"}");

        assertThat(notJson.path("ok").asBoolean()).isFalse();
        assertThat(notJson.path("error").path("code").asText()).isEqualTo("bad_request");
        assertThat(unknown.path("error").path("message").asText()).contains("op").contains("explode").contains("status");
        assertThat(badKind.path("error").path("message").asText()).contains("kind").contains("empty or full");
    }

    /** A calibrated scale with {@code kg} set on it, settled: a keg swap the scale noticed, so no keg assigned. */
    /** A full half barrel of sg 1.0: 29 lbs of shell and 15.5 gal x 3.785411784 kg of beer. */
    private static final double FULL_HALF_BARREL_KG = Units.lbsToKg(29) + 15.5 * 3.785411784;

    private Replies.Keg unassignedKegStableAt(double kg) {
        scale.calibrate();
        scale.cell.load(kg);
        await().atMost(Duration.ofMinutes(2))
                .untilAsserted(() -> assertThat(scale.client.status().keg().state()).isEqualTo("stable"));
        Replies.Keg keg = scale.client.status().keg();
        assertThat(keg.kegId()).isNull();
        return keg;
    }
}
