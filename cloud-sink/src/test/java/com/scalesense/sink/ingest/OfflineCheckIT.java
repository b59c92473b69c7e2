package com.scalesense.sink.ingest;

import com.scalesense.sink.ingest.OfflineCheck;

import static com.scalesense.sink.testing.Batches.T0;
import static org.assertj.core.api.Assertions.assertThat;

import com.scalesense.sink.handler.OfflineCheckHandler;
import com.scalesense.sink.testing.Batches;
import com.scalesense.sink.testing.WithLocalDynamo;
import com.scalesense.sink.testing.SinkHarness;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class OfflineCheckIT extends WithLocalDynamo {



    @Test
    void silent_device_gets_one_offline_alert_and_its_next_batch_resolves_it() {
        var sink = new SinkHarness(dynamo, Instant.ofEpochMilli(T0 + 1_000));
        var service = sink.service();
        service.ingest(Batches.of(List.of(Batches.reading(T0, 80, 80))), Batches.DEVICE_ID);
        var handler = new OfflineCheckHandler(new OfflineCheck(sink.store, sink.clock, Duration.ofSeconds(900), 100));

        sink.clock.set(Instant.ofEpochMilli(T0 + 1_000 + 899_000));
        assertThat(handler.handleRequest(null, null)).containsEntry("raised", 0);

        sink.clock.set(Instant.ofEpochMilli(T0 + 1_000 + 901_000));
        assertThat(handler.handleRequest(null, null)).containsEntry("raised", 1);
        assertThat(handler.handleRequest(null, null)).as("already alerted").containsEntry("raised", 0);
        assertThat(sink.item("ALERT#loc-001", "ACTIVE#offline#DEVICE#SCALE-0042").get("status").s()).isEqualTo("firing");

        sink.clock.set(Instant.ofEpochMilli(T0 + 961_000));
        service.ingest(Batches.of(List.of(Batches.reading(T0 + 960_000, 79, 80))), Batches.DEVICE_ID);

        assertThat(sink.item("ALERT#loc-001", "ACTIVE#offline#DEVICE#SCALE-0042").get("status").s()).isEqualTo("resolved");
    }
}
