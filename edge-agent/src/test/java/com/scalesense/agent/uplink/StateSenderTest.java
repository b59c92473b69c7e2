package com.scalesense.agent.uplink;

import static org.assertj.core.api.Assertions.assertThat;

import com.scalesense.agent.batch.BatchContext;
import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.KegState;
import com.scalesense.protocol.MessageValidator;
import com.scalesense.protocol.Reading;
import com.scalesense.protocol.ReadingsBatch;
import com.scalesense.protocol.SensorStatus;
import com.scalesense.protocol.TareStatus;
import com.scalesense.protocol.Topics;
import com.scalesense.protocol.WireCodec;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StateSenderTest {

    private static final BatchContext CTX = new BatchContext("AA:BB:CC:DD:EE:FF", "SCALE-0042",
            "7c9e6679-7425-40de-944b-e07fc1f90ae7", "1.0.16", "loc-001", "loc-001#TAP#07", "keg-20261120-ab12");
    private static final long T0 = 1_795_312_800_000L;
    private static final String TOPIC = Topics.state("SCALE-0042");

    private static Reading reading(long ts, boolean synced) {
        return new Reading(ts, 62.5, 9.69, 112.4, 77.5, 1.2, 8.1, 4.05, 88.0, 4.5, Map.of("hx711", SensorStatus.OK),
                synced, KegState.STABLE, TareStatus.COMPLETE);
    }

    private static DeviceEvent.Pour pour(long end) {
        return new DeviceEvent.Pour(end, true, end - 8000, end, 16.0, 473.18);
    }

    @Test
    void sends_the_reading_after_a_pour_end_with_the_pour_as_a_valid_one_reading_batch_on_the_state_topic() {
        var publisher = new ScriptedPublisher();
        var states = new StateSender(new WireCodec());
        states.attach(publisher);

        states.reading(CTX, reading(T0, true)); // periodic: nothing to say at once
        states.event(CTX, pour(T0 + 30_000));
        states.reading(CTX, reading(T0 + 30_000, true));

        assertThat(publisher.sentTo(TOPIC)).singleElement().satisfies(sent -> {
            ReadingsBatch state = new WireCodec().decodeBatch(sent.payload());
            new MessageValidator().requireValid(state);
            assertThat(state.readings()).singleElement().extracting(Reading::timestampMs).isEqualTo(T0 + 30_000);
            assertThat(state.events()).singleElement().isInstanceOf(DeviceEvent.Pour.class);
            assertThat(state.tapId()).isEqualTo("loc-001#TAP#07");
        });
        publisher.acknowledgeAll();
        assertThat(states.sent()).isEqualTo(1);
        assertThat(states.acked()).isEqualTo(1);
    }

    @Test
    void sends_nothing_while_disconnected_or_before_time_sync_and_never_later() {
        // Best effort: the batch carries the same records durably; a stale state sent late would be noise.
        var publisher = new ScriptedPublisher();
        var states = new StateSender(new WireCodec());
        states.attach(publisher);

        publisher.connected(false);
        states.event(CTX, pour(T0 + 30_000));
        states.reading(CTX, reading(T0 + 30_000, true));
        publisher.connected(true);
        states.event(CTX, pour(T0 + 60_000));
        states.reading(CTX, reading(T0 + 60_000, false));
        states.reading(CTX, reading(T0 + 120_000, true));

        assertThat(publisher.sentTo(TOPIC)).isEmpty();
        assertThat(states.skipped()).isEqualTo(2);
    }
}
