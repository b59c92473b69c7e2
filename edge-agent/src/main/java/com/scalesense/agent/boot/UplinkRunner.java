package com.scalesense.agent.boot;

import com.scalesense.control.Replies;
import com.scalesense.agent.outbox.BatchQueue;
import com.scalesense.agent.outbox.Outbox;
import com.scalesense.agent.outbox.SealedBatch;
import com.scalesense.agent.publish.AwsIotPublisher;
import com.scalesense.agent.publish.ConnectionProblem;
import com.scalesense.agent.publish.PahoPublisher;
import com.scalesense.agent.publish.Publisher;
import com.scalesense.agent.uplink.BootAnnouncement;
import com.scalesense.agent.uplink.CommandHandler;
import com.scalesense.agent.uplink.CommandInbox;
import com.scalesense.agent.uplink.StateSender;
import com.scalesense.agent.uplink.Uplink;
import com.scalesense.agent.uplink.UplinkStatus;
import com.scalesense.agent.config.AgentConfig;
import com.scalesense.agent.config.PublisherKind;
import com.scalesense.protocol.MessageValidator;
import com.scalesense.protocol.WireCodec;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.LongSupplier;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The publishing half of the agent, present only when a broker is configured: the publisher (Paho
 * or the AWS IoT Device SDK, by {@code mqtt.client}),
 * the uplink loop draining the outbox (acknowledging only after PUBACK) and the command inbox.
 * The loop steps when woken ({@link #wake()}, a PUBACK, a deadline) rather than on a period;
 * its steps are counted for the watchdog.
 */
final class UplinkRunner implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(UplinkRunner.class);

    private final Publisher publisher;
    private final Uplink uplink;
    private final Outbox outbox;
    private final LongSupplier nanos;

    private UplinkRunner(Publisher publisher, Uplink uplink, Outbox outbox, LongSupplier nanos) {
        this.publisher = publisher;
        this.uplink = uplink;
        this.outbox = outbox;
        this.nanos = nanos;
    }

    /**
     * @param network    the publisher's thread (connects, broker probes, calls)
     * @param uplinkLane the uplink loop's thread, its own so that a connect under way never holds up a step
     * @param wrap   wraps the publisher (the identity but for an in-process simulation that watches it)
     * @param states sends the tap state after each event through this connection from now on
     */
    static UplinkRunner start(AgentConfig config, Outbox outbox, BootAnnouncement announcement, CommandHandler commands,
                              ScheduledExecutorService network, ScheduledExecutorService uplinkLane, Clock clock,
                              Random random, LongSupplier nanos,
                              UnaryOperator<Publisher> wrap, StateSender states, Runnable acknowledged) {
        Publisher publisher = wrap.apply(config.publisher() == PublisherKind.AWS_IOT
                ? AwsIotPublisher.start(config.mqtt(), network, random)
                : PahoPublisher.start(config.mqtt(), network, random));
        Uplink uplink = new Uplink(acknowledging(outbox, acknowledged), publisher, announcement, config.uplink(), nanos,
                clock, random);
        new CommandInbox(config.device().deviceId(), commands, new WireCodec(), new MessageValidator()).listenOn(publisher);
        states.attach(publisher);
        UplinkRunner runner = new UplinkRunner(publisher, uplink, outbox, nanos);
        uplink.start(uplinkLane);
        LOG.info("publishing to {} as {}", config.mqtt().brokerUri(), config.mqtt().clientId());
        return runner;
    }

    /** The outbox as the uplink sees it, telling {@code acknowledged} after each acknowledgement (room to seal more). */
    private static BatchQueue acknowledging(Outbox outbox, Runnable acknowledged) {
        return new BatchQueue() {
            @Override
            public List<SealedBatch> oldest(int max) {
                return outbox.oldest(max);
            }

            @Override
            public void acknowledge(String batchId) {
                outbox.acknowledge(batchId);
                acknowledged.run();
            }
        };
    }

    /**
     * A step now rather than at the loop's safety net: after the batcher sealed a batch (publish it),
     * and from the housekeeping round, so the health check sees the loop alive between two rounds
     * without a timer of the loop's own waking the agent more often (issue 18).
     */
    void wake() {
        uplink.wake();
    }

    private void step() {
        try {
            uplink.pump();
        } catch (RuntimeException e) {
            LOG.error("uplink step failed", e);
        }
    }

    long steps() {
        return uplink.steps();
    }

    /**
     * On shutdown: keeps pumping until every sealed batch is acknowledged, the broker is away, or
     * {@code timeout} has passed; what is left stays in the outbox for the next start.
     */
    void drain(Duration timeout) throws InterruptedException {
        long deadline = nanos.getAsLong() + timeout.toNanos();
        while (outbox.status().sealedBatches() > 0 && publisher.isConnected() && nanos.getAsLong() < deadline) {
            step();
            Thread.sleep(50); // a PUBACK round trip on a LAN; bounded by the deadline above
        }
        long left = outbox.status().sealedBatches();
        if (left > 0) {
            LOG.info("{} sealed batch(es) stay in the outbox for the next start", left);
        }
    }

    /**
     * The last error is why there is no session when there is none (the broker refused our
     * certificate, DNS, refused, timeout; with how long), else the uplink's last batch failure.
     */
    Replies.Connectivity connectivity() {
        UplinkStatus s = uplink.status();
        ConnectionProblem problem = publisher.problem();
        return new Replies.Connectivity(true, publisher.isConnected(), s.registered(), s.published(), s.acked(),
                problem != null ? problem.describe() : s.lastError());
    }

    @Override
    public void close() {
        publisher.close();
    }
}
