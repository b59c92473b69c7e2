package com.scalesense.agent.sim;

import static com.scalesense.agent.sim.AcceptedLogTest.BOOT_1;
import static com.scalesense.agent.sim.AcceptedLogTest.CTX;
import static com.scalesense.agent.sim.AcceptedLogTest.T0;
import static com.scalesense.agent.sim.AcceptedLogTest.reading;
import static org.assertj.core.api.Assertions.assertThat;

import com.scalesense.agent.batch.Recorder;
import com.scalesense.agent.outbox.Outbox;
import com.scalesense.agent.outbox.OutboxConfig;
import com.scalesense.agent.outbox.Outboxes;
import com.scalesense.agent.scale.OutboxSink;
import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.WireCodec;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The pipeline's listener on a real SQLite outbox, with an accepted log that can fail. */
class OutboxSinkTest {

    @TempDir
    Path dir;

    @Test
    void a_record_stored_but_not_told_to_a_closed_accepted_log_is_counted_apart_not_as_refused() {
        // regression: a failing accepted log made a record the outbox holds count as refused
        try (Outbox outbox = outbox()) {
            AcceptedLog log = AcceptedLog.open(dir.resolve("accepted.log"), BOOT_1, outbox);
            log.close();
            OutboxSink sink = new OutboxSink(new Recorder(outbox, new WireCodec()), () -> CTX, () -> 7, log);

            sink.onReading(reading(T0));
            sink.onEvent(new DeviceEvent.Pour(T0 + 5, true, T0, T0 + 5, 16.0, 473.2));

            assertThat(outbox.pending(10)).hasSize(2);
            assertThat(sink.readings()).isEqualTo(1);
            assertThat(sink.events()).isEqualTo(1);
            assertThat(sink.refused()).isZero();
            assertThat(sink.acceptedNotTold()).isEqualTo(2);
            assertThat(sink.lastError()).contains("Pour at " + (T0 + 5)).contains("stored");
        }
    }

    @Test
    void a_record_the_outbox_refuses_is_counted_as_refused_and_never_told() {
        Path file = dir.resolve("accepted.log");
        try (Outbox outbox = outbox(); AcceptedLog log = AcceptedLog.open(file, BOOT_1, outbox)) {
            OutboxSink sink = new OutboxSink(new Recorder(outbox, new WireCodec()), () -> CTX, () -> 7, log);

            sink.onReading(reading(1_000)); // 1970 by a clock that says it is synced

            assertThat(outbox.pending(10)).isEmpty();
            assertThat(sink.refused()).isEqualTo(1);
            assertThat(sink.readings()).isZero();
            assertThat(sink.acceptedNotTold()).isZero();
            assertThat(sink.lastError()).contains("not stored").contains("timestamp_ms");
        }
        assertThat(AcceptedRecord.readAll(file)).isEmpty();
    }

    private Outbox outbox() {
        return Outboxes.open(new OutboxConfig(dir.resolve("outbox.journal"), 1 << 20), Clock.systemUTC());
    }
}
