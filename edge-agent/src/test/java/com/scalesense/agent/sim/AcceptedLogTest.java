package com.scalesense.agent.sim;

import static org.assertj.core.api.Assertions.assertThat;

import com.scalesense.agent.batch.BatchContext;
import com.scalesense.agent.batch.Recorder;
import com.scalesense.agent.outbox.Outbox;
import com.scalesense.agent.outbox.OutboxConfig;
import com.scalesense.agent.outbox.Outboxes;
import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.KegState;
import com.scalesense.protocol.Reading;
import com.scalesense.protocol.SensorStatus;
import com.scalesense.protocol.TareStatus;
import com.scalesense.protocol.WireCodec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AcceptedLogTest {

    static final long T0 = 1_795_312_800_000L;
    static final String BOOT_1 = "11111111-1111-4111-8111-111111111111";
    private static final String BOOT_2 = "22222222-2222-4222-8222-222222222222";
    static final BatchContext CTX = new BatchContext("02:00:00:00:00:01", "SIM-0001", BOOT_1, "0.1.0",
            "loc-001", "loc-001#TAP#01", "keg-20261122-ab12");

    @TempDir
    Path dir;

    @Test
    void lists_readings_and_events_with_boot_keg_and_wire_json() {
        Path file = dir.resolve("accepted.log");
        DeviceEvent.Pour pour = new DeviceEvent.Pour(T0 + 5, true, T0, T0 + 5, 16.0, 473.2);
        try (Outbox outbox = outbox(); AcceptedLog log = AcceptedLog.open(file, BOOT_1, outbox)) {
            log.reading(CTX, reading(T0));
            log.event(CTX.withKeg(null), pour);
        }

        List<AcceptedRecord> records = AcceptedRecord.readAll(file);

        assertThat(records).hasSize(2);
        assertThat(records.get(0).event()).isFalse();
        assertThat(records.get(0).bootId()).isEqualTo(BOOT_1);
        assertThat(records.get(0).kegId()).isEqualTo("keg-20261122-ab12");
        assertThat(records.get(0).json()).isEqualTo(new String(new WireCodec().encode(reading(T0)), StandardCharsets.UTF_8));
        assertThat(records.get(0).reading()).isEqualTo(reading(T0));
        assertThat(records.get(1).kegId()).isNull();
        assertThat(records.get(1).deviceEvent()).isEqualTo(pour);
    }

    @Test
    void a_line_torn_by_sigkill_is_no_record_and_the_next_boot_cuts_it_off() throws IOException {
        // given a log whose last line was cut mid-write
        Path file = dir.resolve("accepted.log");
        try (Outbox outbox = outbox(); AcceptedLog log = AcceptedLog.open(file, BOOT_1, outbox)) {
            log.reading(CTX, reading(T0));
        }
        Files.writeString(file, "reading " + BOOT_1 + " - {\"timestamp_ms\":17", StandardOpenOption.APPEND);
        assertThat(AcceptedRecord.readAll(file)).hasSize(1);

        // when the next boot opens it and writes
        try (Outbox outbox = outbox(); AcceptedLog log = AcceptedLog.open(file, BOOT_2, outbox)) {
            log.reading(CTX, reading(T0 + 60_000));
        }

        // then the torn bytes are gone and both complete lines read back
        assertThat(AcceptedRecord.readAll(file)).extracting(r -> r.reading().timestampMs())
                .containsExactly(T0, T0 + 60_000);
        assertThat(Files.readString(file)).doesNotContain("\"timestamp_ms\":17\n");
    }

    @Test
    void the_next_boot_lists_what_the_outbox_accepted_after_the_last_line_before_a_kill() {
        // given a reading listed and a reading and an event appended durably but killed before their lines
        Path file = dir.resolve("accepted.log");
        DeviceEvent.Pour pour = new DeviceEvent.Pour(T0 + 70_000, true, T0 + 65_000, T0 + 70_000, 12.0, 354.9);
        try (Outbox outbox = outbox(); AcceptedLog log = AcceptedLog.open(file, BOOT_1, outbox)) {
            Recorder recorder = new Recorder(outbox, new WireCodec());
            recorder.record(CTX, reading(T0), 1);
            log.reading(CTX, reading(T0));
            recorder.record(CTX, reading(T0 + 60_000), 2);
            recorder.record(CTX, pour, 3);
        }

        // when the next boot opens the log
        try (Outbox outbox = outbox(); AcceptedLog log = AcceptedLog.open(file, BOOT_2, outbox)) {
            // then the two are listed once, under the boot and keg they were stored with
            List<AcceptedRecord> records = AcceptedRecord.readAll(file);
            assertThat(records).hasSize(3);
            assertThat(records).allSatisfy(r -> assertThat(r.bootId()).isEqualTo(BOOT_1));
            assertThat(records.get(1).reading().timestampMs()).isEqualTo(T0 + 60_000);
            assertThat(records.get(2).deviceEvent()).isEqualTo(pour);
        }

        // and a third boot adds nothing more
        try (Outbox outbox = outbox(); AcceptedLog log = AcceptedLog.open(file, BOOT_2, outbox)) {
            assertThat(AcceptedRecord.readAll(file)).hasSize(3);
        }
    }

    private Outbox outbox() {
        return Outboxes.open(new OutboxConfig(dir.resolve("outbox.journal"), 1 << 20), Clock.systemUTC());
    }

    static Reading reading(long ts) {
        return new Reading(ts, 62.5, 9.69, 112.4, 77.5, 1.2, 8.1, 4.05, 88.0, 4.5,
                Map.of("hx711", SensorStatus.OK), true, KegState.STABLE, TareStatus.COMPLETE);
    }
}
