package com.scalesense.sink.ingest;

import static com.scalesense.sink.testing.Batches.T0;
import static org.assertj.core.api.Assertions.assertThat;

import com.scalesense.sink.handler.OfflineCheckHandler;
import com.scalesense.sink.store.ConnectionChange;
import com.scalesense.sink.testing.Batches;
import com.scalesense.sink.testing.SinkHarness;
import com.scalesense.sink.testing.WithLocalDynamo;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class OfflineCheckIT extends WithLocalDynamo {

    private static final long MIN = 60_000;
    private static final String OFFLINE = "ACTIVE#offline#DEVICE#SCALE-0042";

    private static OfflineCheckHandler check(SinkHarness sink) {
        return new OfflineCheckHandler(new OfflineCheck(sink.store, sink.clock, Duration.ofSeconds(900),
                Duration.ofHours(3), 100));
    }

    private static ConnectionChange connect(long at, long version) {
        return new ConnectionChange(Batches.DEVICE_ID, true, at, version, null);
    }

    private static ConnectionChange disconnect(long at, long version, String reason) {
        return new ConnectionChange(Batches.DEVICE_ID, false, at, version, reason);
    }

    @Test
    void a_connected_scale_is_not_offline_between_batches_an_hour_apart() {
        // Issue 18: periodic readings go in batches of up to 100; batch traffic no longer says a scale is there.
        var sink = new SinkHarness(dynamo, Instant.ofEpochMilli(T0 + 1_000));
        var service = sink.service();
        service.connection(connect(T0 - 5_000, 1));
        service.ingest(Batches.of(List.of(Batches.reading(T0, 80, 80))), Batches.DEVICE_ID);

        sink.clock.set(Instant.ofEpochMilli(T0 + 100 * MIN));

        assertThat(check(sink).handleRequest(null, null)).containsEntry("raised", 0);
        assertThat(sink.item("ALERT#loc-001", OFFLINE)).isNull();
    }

    @Test
    void a_disconnected_scale_is_alerted_offline_after_secs_from_its_disconnect_and_its_connect_resolves_it() {
        var sink = new SinkHarness(dynamo, Instant.ofEpochMilli(T0 + 1_000));
        var service = sink.service();
        service.connection(connect(T0 - 5_000, 1));
        service.ingest(Batches.of(List.of(Batches.reading(T0, 80, 80))), Batches.DEVICE_ID);
        long down = T0 + 40 * MIN;
        service.connection(disconnect(down, 1, "MQTT_KEEP_ALIVE_TIMEOUT"));
        var handler = check(sink);

        sink.clock.set(Instant.ofEpochMilli(down + 899_000));
        assertThat(handler.handleRequest(null, null)).containsEntry("raised", 0);
        sink.clock.set(Instant.ofEpochMilli(down + 901_000));
        assertThat(handler.handleRequest(null, null)).containsEntry("raised", 1);
        assertThat(handler.handleRequest(null, null)).as("already alerted").containsEntry("raised", 0);
        assertThat(sink.item("ALERT#loc-001", OFFLINE).get("status").s()).isEqualTo("firing");
        assertThat(sink.item("DEVICE#SCALE-0042", "META").get("disconnect_reason").s()).isEqualTo("MQTT_KEEP_ALIVE_TIMEOUT");

        service.connection(connect(down + 20 * MIN, 2));

        assertThat(sink.item("ALERT#loc-001", OFFLINE).get("status").s()).isEqualTo("resolved");
        assertThat(sink.item("DEVICE#SCALE-0042", "META")).containsKey("connected").doesNotContainKey("disconnected_pk");
        assertThat(handler.handleRequest(null, null)).containsEntry("raised", 0);
    }

    @Test
    void repeated_and_reordered_lifecycle_events_leave_the_latest_connection_state() {
        // AWS IoT: lifecycle messages may come out of order and twice. A quick reconnect gives the new
        // connection's connect, then the old one's DUPLICATE_CLIENTID disconnect stamped later.
        var sink = new SinkHarness(dynamo, Instant.ofEpochMilli(T0));
        var service = sink.service();
        service.ingest(Batches.of(List.of(Batches.reading(T0, 80, 80))), Batches.DEVICE_ID);

        assertThat(service.connection(connect(T0 + 1_000, 7))).isTrue();
        assertThat(service.connection(disconnect(T0 + 1_200, 6, "DUPLICATE_CLIENTID"))).as("an older connection's").isFalse();
        assertThat(service.connection(connect(T0 + 1_000, 7))).as("a repeat").isFalse();
        assertThat(service.connection(connect(T0 + 500, 6))).as("older").isFalse();

        sink.clock.set(Instant.ofEpochMilli(T0 + 60 * MIN));
        assertThat(check(sink).handleRequest(null, null)).containsEntry("raised", 0);
        assertThat(sink.item("DEVICE#SCALE-0042", "META").get("connected").bool()).isTrue();
    }

    @Test
    void a_connected_scale_silent_past_the_silence_bound_is_alerted() {
        // A wedged agent whose MQTT client still answers pings: connected, but no batch for hours.
        var sink = new SinkHarness(dynamo, Instant.ofEpochMilli(T0 + 1_000));
        var service = sink.service();
        service.connection(connect(T0 - 5_000, 1));
        service.ingest(Batches.of(List.of(Batches.reading(T0, 80, 80))), Batches.DEVICE_ID);

        sink.clock.set(Instant.ofEpochMilli(T0 + 1_000 + 179 * MIN));
        assertThat(check(sink).handleRequest(null, null)).containsEntry("raised", 0);
        sink.clock.set(Instant.ofEpochMilli(T0 + 1_000 + 181 * MIN));
        assertThat(check(sink).handleRequest(null, null)).containsEntry("raised", 1);
    }

    @Test
    void a_lifecycle_event_of_an_unregistered_client_writes_nothing() {
        var sink = new SinkHarness(dynamo, Instant.ofEpochMilli(T0));
        var before = sink.dump();

        boolean written = sink.service().connection(new ConnectionChange("SCALE-9999", false, T0, 1, "CONNECTION_LOST"));

        assertThat(written).isFalse();
        assertThat(sink.differencesFrom(before)).isEmpty();
    }
}
