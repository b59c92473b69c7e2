package com.scalesense.agent.uplink;

import static com.scalesense.agent.uplink.UplinkFixtures.BATCHES;
import static com.scalesense.agent.uplink.UplinkFixtures.REGISTRATION;
import static com.scalesense.agent.uplink.UplinkFixtures.batch;
import static org.assertj.core.api.Assertions.assertThat;

import com.scalesense.agent.outbox.SealedBatch;
import com.scalesense.agent.publish.Backoff;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class UplinkTest {

    private final InMemoryBatchQueue queue = new InMemoryBatchQueue();
    private final ScriptedPublisher broker = new ScriptedPublisher();
    private final ManualTime time = new ManualTime();

    private Uplink uplink(int maxInFlight, int perSecond) {
        UplinkSettings settings = new UplinkSettings(maxInFlight, perSecond,
                new Backoff(Duration.ofSeconds(1), Duration.ofSeconds(30)), Duration.ofMinutes(10),
                Duration.ofMillis(200));
        return new Uplink(queue, broker, UplinkFixtures.announcement(), settings, time::nanos, time.wallClock(),
                new Random(3));
    }

    /** Sends the registration and PUBACKs it, so batches may flow. */
    private Uplink registered(int maxInFlight, int perSecond) {
        Uplink uplink = uplink(maxInFlight, perSecond);
        uplink.pump();
        broker.acknowledgeAll();
        return uplink;
    }

    private void enqueue(int count) {
        IntStream.rangeClosed(1, count).forEach(n -> queue.add(batch(n)));
    }

    private List<String> batchesSent() {
        return broker.sentTo(BATCHES).stream().map(ScriptedPublisher.Sent::text).toList();
    }

    @Test
    void sends_the_boot_registration_before_any_batch() {
        // given
        enqueue(2);
        Uplink uplink = uplink(10, 50);
        // when
        uplink.pump();
        uplink.pump();
        // then batches wait for the registration's PUBACK
        assertThat(broker.sentTo(REGISTRATION)).hasSize(1);
        assertThat(batchesSent()).isEmpty();
        broker.acknowledgeAll();
        uplink.pump();
        assertThat(batchesSent()).containsExactly(batch(1).batchId(), batch(2).batchId());
        assertThat(uplink.status().registered()).isTrue();
    }

    @Test
    void sends_the_registration_again_after_a_reconnect() {
        Uplink uplink = registered(10, 50);
        // when the connection drops and comes back
        broker.connected(false);
        uplink.pump();
        broker.connected(true);
        uplink.pump();
        // then the same bytes go out again
        assertThat(broker.sentTo(REGISTRATION)).hasSize(2);
        assertThat(broker.sentTo(REGISTRATION).get(1).payload())
                .isEqualTo(broker.sentTo(REGISTRATION).get(0).payload());
    }

    @Test
    void acknowledges_a_batch_to_the_outbox_only_after_its_puback() {
        enqueue(1);
        Uplink uplink = registered(10, 50);
        // when
        uplink.pump();
        // then it is published but still in the outbox
        assertThat(batchesSent()).hasSize(1);
        assertThat(queue.size()).isEqualTo(1);
        broker.acknowledgeAll();
        assertThat(queue.size()).isZero();
        assertThat(queue.acknowledgements()).containsExactly(Map.entry(batch(1).batchId(), 1));
    }

    @Test
    void never_publishes_a_batch_again_while_it_awaits_puback() {
        enqueue(1);
        Uplink uplink = registered(10, 50);
        // when the loop runs many times before the broker answers
        for (int i = 0; i < 20; i++) {
            uplink.pump();
            time.advance(Duration.ofSeconds(1));
        }
        // then
        assertThat(batchesSent()).hasSize(1);
        assertThat(uplink.status().inFlight()).isEqualTo(1);
    }

    @Test
    void retries_a_failed_batch_with_the_same_bytes_after_the_backoff() {
        enqueue(1);
        Uplink uplink = registered(10, 50);
        uplink.pump();
        ScriptedPublisher.Sent first = broker.sentTo(BATCHES).get(0);
        // when the publish fails
        first.ack().completeExceptionally(new IllegalStateException("connection reset"));
        uplink.pump();
        assertThat(batchesSent()).as("no retry inside the backoff").hasSize(1);
        time.advance(Duration.ofSeconds(1));
        uplink.pump();
        // then
        List<ScriptedPublisher.Sent> sent = broker.sentTo(BATCHES);
        assertThat(sent).hasSize(2);
        assertThat(sent.get(1).payload()).isSameAs(first.payload());
        assertThat(uplink.status().retries()).isEqualTo(1);
        assertThat(uplink.status().lastError()).contains("connection reset");
    }

    @Test
    void asks_for_its_next_step_exactly_when_the_retry_backoff_ends() {
        // Guards issue 18: the loop no longer polls every 200 ms, so a failed batch is retried only
        // if pump() names the moment its backoff ends.
        enqueue(1);
        Uplink uplink = registered(10, 50);
        uplink.pump();
        broker.sentTo(BATCHES).get(0).ack().completeExceptionally(new IllegalStateException("connection reset"));
        // when
        long waitMs = uplink.pump();
        // then one millisecond early is still inside the backoff, the named moment is not
        assertThat(waitMs).isPositive().isLessThanOrEqualTo(1_000);
        time.advance(Duration.ofMillis(waitMs - 1));
        uplink.pump();
        assertThat(batchesSent()).hasSize(1);
        time.advance(Duration.ofMillis(1));
        uplink.pump();
        assertThat(batchesSent()).hasSize(2);
    }

    @Test
    void waits_for_an_event_when_nothing_is_left_to_send_and_for_the_puback_timeout_while_one_is_in_flight() {
        // Guards issue 18: an idle uplink must not ask to look at the outbox again on a period.
        Uplink uplink = registered(10, 50);
        // when the outbox is empty
        assertThat(uplink.pump()).isEqualTo(Uplink.UNTIL_EVENT);
        // when one batch waits for its PUBACK: the step that would give it up is the only deadline
        enqueue(1);
        uplink.pump();
        time.advance(Duration.ofMinutes(4));
        assertThat(uplink.pump()).isEqualTo(Duration.ofMinutes(6).toMillis());
        broker.acknowledgeAll();
        assertThat(uplink.pump()).isEqualTo(Uplink.UNTIL_EVENT);
    }

    @Test
    void first_publishes_batches_in_outbox_order_under_the_in_flight_cap() {
        enqueue(5);
        Uplink uplink = registered(2, 50);
        // when
        uplink.pump();
        assertThat(batchesSent()).hasSize(2);
        broker.sentTo(BATCHES).get(1).ack().complete(null); // the second is acked before the first
        uplink.pump();
        broker.acknowledgeAll();
        uplink.pump();
        broker.acknowledgeAll();
        uplink.pump();
        broker.acknowledgeAll();
        // then
        assertThat(batchesSent()).containsExactly(IntStream.rangeClosed(1, 5).mapToObj(n -> batch(n).batchId())
                .toArray(String[]::new));
        assertThat(queue.size()).isZero();
    }

    @Test
    void publishes_at_most_the_configured_number_per_second() {
        enqueue(10);
        Uplink uplink = registered(100, 3);
        time.advance(Duration.ofSeconds(1)); // the registration used one slot of the first second
        // when
        uplink.pump();
        uplink.pump();
        // then
        assertThat(batchesSent()).hasSize(3);
        time.advance(Duration.ofMillis(999));
        uplink.pump();
        assertThat(batchesSent()).hasSize(3);
        time.advance(Duration.ofMillis(1));
        uplink.pump();
        assertThat(batchesSent()).hasSize(6);
    }

    @Test
    void gives_up_an_attempt_without_puback_and_acknowledges_the_retry_once() {
        // guards against a late PUBACK of an abandoned attempt acknowledging the batch a second time
        enqueue(1);
        Uplink uplink = registered(10, 50);
        uplink.pump();
        ScriptedPublisher.Sent abandoned = broker.sentTo(BATCHES).get(0);
        // when no PUBACK arrives within the ack timeout
        time.advance(Duration.ofMinutes(10));
        uplink.pump();
        time.advance(Duration.ofSeconds(1));
        uplink.pump();
        assertThat(batchesSent()).hasSize(2);
        abandoned.ack().complete(null);
        broker.acknowledgeAll();
        // then
        assertThat(queue.acknowledgements()).containsExactly(Map.entry(batch(1).batchId(), 1));
        assertThat(uplink.status().acked()).isEqualTo(1);
    }

    @Test
    void keeps_the_batch_and_publishes_it_again_when_the_outbox_cannot_record_the_ack() {
        enqueue(1);
        Uplink uplink = registered(10, 50);
        queue.failNextAcknowledge();
        uplink.pump();
        // when
        broker.acknowledgeAll();
        time.advance(Duration.ofSeconds(1));
        uplink.pump();
        broker.acknowledgeAll();
        // then nothing is lost: the second PUBACK is recorded
        SealedBatch only = batch(1);
        assertThat(batchesSent()).containsExactly(only.batchId(), only.batchId());
        assertThat(queue.acknowledgements()).containsExactly(Map.entry(only.batchId(), 1));
        assertThat(uplink.status().lastError()).contains("injected: outbox write failed");
    }

    @Test
    void publishes_nothing_while_disconnected() {
        enqueue(3);
        Uplink uplink = registered(10, 50);
        broker.connected(false);
        // when
        uplink.pump();
        // then
        assertThat(batchesSent()).isEmpty();
        assertThat(queue.size()).isEqualTo(3);
    }

    @Test
    void counts_a_batch_the_outbox_dropped_and_readded_as_a_first_try() {
        // guards against remembering tries of batches that left the outbox other than by PUBACK
        enqueue(1);
        Uplink uplink = registered(10, 50);
        uplink.pump();
        broker.sentTo(BATCHES).get(0).ack().completeExceptionally(new IllegalStateException("reset"));
        queue.drop(batch(1).batchId());
        time.advance(Duration.ofSeconds(1));
        uplink.pump();
        // when the same id comes back (a restored backup, say)
        queue.add(batch(1));
        time.advance(Duration.ofSeconds(1));
        uplink.pump();
        // then
        assertThat(batchesSent()).hasSize(2);
        assertThat(uplink.status().retries()).isZero();
    }
}
