package com.scalesense.agent.publish.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.scalesense.agent.publish.Backoff;
import com.scalesense.agent.publish.ConnectionProblem;
import java.net.ConnectException;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;

/**
 * The keeper on injected time: probing the broker while a backoff is waited out, and naming why
 * the session is down with how long. Guards issue 14 items 2 and 10 (status said nothing while the
 * broker was down; the scale reconnected only after its backoff, 66 s after the broker was back).
 */
class ReconnectingSessionProbeTest {

    /** A backoff far longer than anything the tests wait: a reconnect before it came from a probe. */
    private static final Backoff HOUR = new Backoff(Duration.ofHours(1), Duration.ofHours(1));
    private static final Duration PROBE_EVERY = Duration.ofSeconds(5);

    private final ClockedScheduler scheduler = new ClockedScheduler();
    private final AtomicBoolean brokerUp = new AtomicBoolean(false);
    private ScriptedTransport transport;
    private final ReconnectingSession keeper = new ReconnectingSession("test-broker", events -> {
        transport = new ScriptedTransport(events);
        return transport;
    }, scheduler, alwaysLongest(), HOUR, brokerUp::get, PROBE_EVERY, scheduler::nanos);

    /** Jitter that always draws the ceiling, so every wait is the full hour. */
    private static Random alwaysLongest() {
        return new Random() {
            @Override
            public long nextLong() {
                return -1; // floorMod(-1, ceiling + 1) = ceiling
            }
        };
    }

    private void failFirstAttempt() {
        failFirstAttempt(new ConnectException("Connection refused"));
    }

    private void failFirstAttempt(Throwable why) {
        keeper.start();
        scheduler.advance(Duration.ZERO);
        transport.lastConnect().completeExceptionally(why);
    }

    @Test
    void a_refused_connection_counts_as_down_so_the_first_probe_that_reaches_the_broker_reconnects() {
        // given a refused connection (the broker was down at that moment)
        failFirstAttempt();
        // when it is back before the first probe
        brokerUp.set(true);
        scheduler.advance(PROBE_EVERY);
        // then
        assertThat(transport.connects).hasSize(2);
    }

    @Test
    void reconnects_within_a_probe_interval_once_the_broker_is_back_not_after_the_backoff() {
        // given a failed attempt and an hour's backoff, the broker still down at the first probe
        failFirstAttempt();
        scheduler.advance(PROBE_EVERY);
        assertThat(transport.connects).hasSize(1);
        // when the broker comes back
        brokerUp.set(true);
        scheduler.advance(PROBE_EVERY);
        // then the next attempt is made at once, 10 s (injected) into the hour
        assertThat(transport.connects).hasSize(2);
        transport.lastConnect().complete(null);
        assertThat(keeper.isConnected()).isTrue();
        // and the hour's attempt scheduled before does not run a second connection
        scheduler.advance(HOUR.cap());
        assertThat(transport.connects).hasSize(2);
    }

    @Test
    void a_broker_that_takes_tcp_but_refuses_us_is_not_hammered_by_probes() {
        // given a broker whose port answers but whose handshake fails (reachable from the start)
        brokerUp.set(true);
        failFirstAttempt(new SSLHandshakeException("Received fatal alert: bad_certificate"));
        // when ten minutes of probes find it reachable every time
        scheduler.advance(Duration.ofMinutes(10));
        // then no attempt is made before the backoff is over
        assertThat(transport.connects).hasSize(1);
        scheduler.advance(HOUR.cap());
        assertThat(transport.connects).hasSize(2);
    }

    @Test
    void names_the_cause_in_words_and_how_long_the_outage_has_lasted() {
        failFirstAttempt();
        // when 95 s pass (the backoff keeps it down)
        scheduler.advance(Duration.ofSeconds(95));
        // then
        ConnectionProblem problem = keeper.problem();
        assertThat(problem.cause()).isEqualTo(ConnectionProblem.Cause.REFUSED);
        assertThat(problem.describe()).contains("the broker refused the connection").contains("failing for 1 min 35 s")
                .contains("Connection refused");
    }

    @Test
    void no_problem_is_reported_once_connected() {
        failFirstAttempt();
        scheduler.advance(PROBE_EVERY);
        brokerUp.set(true);
        scheduler.advance(PROBE_EVERY);
        transport.lastConnect().complete(null);
        assertThat(keeper.problem()).isNull();
    }
}
