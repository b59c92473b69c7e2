package com.scalesense.agent.boot;

import com.scalesense.agent.AgentVersion;
import com.scalesense.agent.batch.Batcher;
import com.scalesense.agent.clock.SyncWatch;
import com.scalesense.agent.config.AgentConfig;
import com.scalesense.agent.control.ControlServer;
import com.scalesense.agent.control.ControlService;
import com.scalesense.agent.control.IdleConnections;
import com.scalesense.agent.notify.SdNotifier;
import com.scalesense.agent.operations.AgentControl;
import com.scalesense.agent.operations.CloudCommands;
import com.scalesense.agent.outbox.OutboxStatus;
import com.scalesense.agent.pipeline.keg.KegProfile;
import com.scalesense.agent.publish.Publisher;
import com.scalesense.agent.scale.OutboxSink;
import com.scalesense.agent.scale.ScaleLoop;
import com.scalesense.agent.scale.Sensors;
import com.scalesense.agent.uplink.BootAnnouncement;
import com.scalesense.protocol.MessageValidator;
import com.scalesense.protocol.WireCodec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The running agent: load cell → pipeline → outbox (durable before anything is acknowledged) →
 * batcher → uplink → broker, with the NVS store, the control socket and systemd notification.
 * Built from an {@link AgentConfig} and the {@link Sensors}; nothing here reads the environment or
 * the real time except through them.
 *
 * <p>Guarantees: every reading the pipeline produced is in the outbox before it counts as
 * accepted; {@link #close()} stops sampling, seals what is pending, lets the uplink publish for
 * {@code shutdown.publish_timeout} and closes the stores; a SIGKILL instead loses nothing accepted
 * (the outbox and the NVS store are crash-safe on their own).
 */
public final class ScaleAgent implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ScaleAgent.class);
    /** A read waiting longer than this for the chip counts as not ready (10 periods at 10 SPS). */
    private static final Duration READ_TIMEOUT = Duration.ofSeconds(1);
    /** How often battery and temperature are read (a battery drains over days). */
    private static final Duration AMBIENT_EVERY = Duration.ofSeconds(30);
    /**
     * How often the housekeeping round ({@link Housekeeping}) runs without a systemd watchdog: the health
     * check and its STATUS= line, and the batcher's heartbeat tick. The batcher is woken at once by every
     * record the outbox takes and every acknowledged batch ({@link BatcherWake}); the heartbeat catches
     * what only time makes due (batch.max_delay, tens of minutes, and a time sync).
     */
    private static final Duration HEALTH_EVERY = Duration.ofSeconds(10);
    /** Longest wait for the first sample before READY=1 is sent anyway with a warning. */
    private static final Duration FIRST_SAMPLE_WAIT = Duration.ofSeconds(30);

    private final AgentConfig config;
    private final SdNotifier notifier;
    private final AgentParts parts;
    private final ScheduledExecutorService scheduler;
    /** The publisher's connects, broker probes and calls (see {@link #lane}). */
    private final ScheduledExecutorService network;
    /** The uplink's steps and their safety-net deadline (see {@link #lane}). */
    private final ScheduledExecutorService uplinkLane;
    private final Thread samplingThread;
    /** What the control socket and the cloud's commands ask of the agent (one service for both). */
    private final AgentControl control;
    private final AtomicLong batcherTicks = new AtomicLong();
    private final Duration batchEvery;
    private final List<AutoCloseable> closeLast = new ArrayList<>();
    private boolean closed;

    private ScaleAgent(AgentConfig config, SdNotifier notifier, AgentParts parts, Duration batchEvery) {
        this.config = config;
        this.batchEvery = batchEvery;
        this.notifier = notifier;
        this.parts = parts;
        this.scheduler = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "agent-scheduler"));
        this.network = lane("agent-network");
        this.uplinkLane = lane("agent-uplink");
        this.samplingThread = new Thread(parts.loop(), "agent-sampling");
        this.control = new AgentControl(parts.loop(), parts.sensors(), parts.sensors().clock(), this::status);
    }

    /**
     * The one way to build an agent: from its config and what it measures with (the load cell and
     * the clocks are in {@code sensors}); the rest has defaults a test or the demo may change.
     */
    public static Builder builder(AgentConfig config, Sensors sensors) {
        return new Builder(config, sensors);
    }

    /**
     * Shorthand for {@code builder(config, sensors)} with these settings, then {@link Builder#start()}.
     *
     * @param restart asked to restart the agent (the cloud's reload_config)
     */
    public static ScaleAgent start(AgentConfig config, Sensors sensors, SdNotifier notifier, Random random,
                                   String firmwareVersion, Runnable restart) throws InterruptedException {
        return builder(config, sensors).notifier(notifier).random(random).firmwareVersion(firmwareVersion)
                .onRestart(restart).start();
    }

    /** How an agent is put together; {@link #start()} opens the stores and starts it. Not thread-safe. */
    public static final class Builder {

        private final AgentConfig config;
        private final Sensors sensors;
        private SdNotifier notifier = new SdNotifier(message -> { }, null);
        private Random random;
        private String firmwareVersion = AgentVersion.current();
        private Runnable restart = () -> LOG.warn("reload_config asked for a restart; nothing restarts this agent");
        private OutboxSink.Accepted accepted = OutboxSink.Accepted.NONE;
        private UnaryOperator<Publisher> publisherWrap = UnaryOperator.identity();
        private Duration batchEvery;
        private KegProfile firstKeg;

        private Builder(AgentConfig config, Sensors sensors) {
            this.config = Objects.requireNonNull(config, "config must not be null.");
            this.sensors = Objects.requireNonNull(sensors, "sensors must not be null.");
        }

        /** systemd's notification socket; default: tells nobody. */
        public Builder notifier(SdNotifier value) {
            this.notifier = Objects.requireNonNull(value, "notifier must not be null.");
            return this;
        }

        /** The boot id's and the reconnect jitter's randomness; default a {@link SecureRandom}. */
        public Builder random(Random value) {
            this.random = Objects.requireNonNull(value, "random must not be null.");
            return this;
        }

        /** The firmware_version the agent reports; default the jar's version. */
        public Builder firmwareVersion(String value) {
            this.firmwareVersion = Objects.requireNonNull(value, "firmwareVersion must not be null.");
            return this;
        }

        /** Asked to restart the agent (the cloud's reload_config); default: logs that nothing restarts it. */
        public Builder onRestart(Runnable value) {
            this.restart = Objects.requireNonNull(value, "restart must not be null.");
            return this;
        }

        /**
         * Told of every reading and event once the outbox holds it durably, with the batch
         * context it was stored under (besides {@code simulate.accepted_log}); default nobody.
         */
        public Builder accepted(OutboxSink.Accepted value) {
            this.accepted = Objects.requireNonNull(value, "accepted must not be null.");
            return this;
        }

        /** Wraps the MQTT publisher, for an in-process simulation that watches what is published. */
        public Builder publisherWrap(UnaryOperator<Publisher> value) {
            this.publisherWrap = Objects.requireNonNull(value, "publisherWrap must not be null.");
            return this;
        }

        /**
         * How often, in real time, the batcher looks for due batches when nothing woke it, for a
         * simulation that runs faster than real time; by default the housekeeping round's heartbeat
         * (every 10 s, or a third of systemd's watchdog) does.
         */
        public Builder batchEvery(Duration value) {
            if (value == null || value.isNegative() || value.isZero()) {
                throw new IllegalArgumentException("batchEvery must be > 0, was " + value + ".");
            }
            this.batchEvery = value;
            return this;
        }

        /**
         * The keg on the tap when the NVS store holds none (a first start), stored at once as if
         * it had been assigned; default none (a reference half barrel, not stored).
         */
        public Builder firstKeg(KegProfile value) {
            this.firstKeg = value;
            return this;
        }

        /**
         * Opens the stores, starts sampling, batching, publishing and the control socket, and
         * tells systemd READY=1 after the first sample (or after 30 s without one).
         */
        public ScaleAgent start() throws InterruptedException {
            try {
                Files.createDirectories(config.stateDir());
            } catch (IOException e) {
                throw new UncheckedIOException("state.dir " + config.stateDir() + " cannot be created", e);
            }
            Random r = random != null ? random : new SecureRandom();
            AgentParts parts = AgentParts.open(config, sensors, r, firmwareVersion, accepted, firstKeg,
                    quietBurst(round(notifier)));
            ScaleAgent agent = new ScaleAgent(config, notifier, parts, batchEvery);
            agent.run(r, restart, publisherWrap);
            return agent;
        }
    }

    /** The housekeeping round: a third of systemd's watchdog, or {@link #HEALTH_EVERY} without one. */
    private static Duration round(SdNotifier notifier) {
        return notifier.watchdogInterval().map(d -> d.dividedBy(3)).orElse(HEALTH_EVERY);
    }

    /**
     * The sampling thread's quiet burst ({@link ScaleLoop#QUIET_BURST_PERIOD}), at most half a housekeeping
     * round so that every round's health check sees samples processed, never below the short burst.
     */
    static Duration quietBurst(Duration round) {
        Duration half = round.dividedBy(2);
        if (half.compareTo(ScaleLoop.BURST_PERIOD) < 0) {
            return ScaleLoop.BURST_PERIOD;
        }
        return half.compareTo(ScaleLoop.QUIET_BURST_PERIOD) < 0 ? half : ScaleLoop.QUIET_BURST_PERIOD;
    }

    private void run(Random random, Runnable restart, UnaryOperator<Publisher> publisherWrap) throws InterruptedException {
        parts.ambient().refresh();
        samplingThread.start();
        Batcher batcher = new Batcher(parts.outbox(), new WireCodec(),
                new SyncWatch(parts.sensors().timeSync(), parts.sensors().clock(), parts.sensors().mono()),
                config.batch(), parts.bootId(), parts.sealNow());
        Duration round = round(notifier);
        BatcherWake wake = new BatcherWake(scheduler, () -> tick(batcher));
        parts.onRecorded(wake);
        if (batchEvery != null) { // a simulation faster than real time: its own heartbeat
            scheduler.scheduleWithFixedDelay(() -> tick(batcher), batchEvery.toNanos(), batchEvery.toNanos(),
                    TimeUnit.NANOSECONDS);
        }
        if (config.online()) {
            BootAnnouncement announcement = BootAnnouncement.of(parts.registration(), new WireCodec(), new MessageValidator());
            parts.setUplink(UplinkRunner.start(config, parts.outbox(), announcement,
                    new CloudCommands(control, control::lowKegRule, restart),
                    network, uplinkLane, parts.sensors().clock(), random, System::nanoTime, publisherWrap, parts.states(), wake));
        } else {
            LOG.warn("mqtt.broker_uri is not set: offline. Readings stay in the outbox ({} bytes at most, "
                    + "oldest dropped first) until a broker is configured", config.outbox().maxBytes());
        }
        IdleConnections idle = new IdleConnections(config.controlIdleTimeout(), System::nanoTime);
        ControlServer controlServer = ControlServer.start(config.controlSocket(), control, idle);
        closeLast.add(controlServer);
        if (idle.needsOwnCheck(round)) {
            scheduler.scheduleWithFixedDelay(controlServer::closeIdle, idle.checkEvery().toMillis(),
                    idle.checkEvery().toMillis(), TimeUnit.MILLISECONDS);
        }
        if (!parts.loop().awaitFirstSample(FIRST_SAMPLE_WAIT)) {
            LOG.warn("no sample from the load cell within {}; reporting ready anyway", FIRST_SAMPLE_WAIT);
        }
        HealthCheck health = new HealthCheck(config.online());
        int ambientRounds = (int) Math.max(1, AMBIENT_EVERY.toMillis() / Math.max(1, round.toMillis()));
        // Tick before the check, so the batcher's count has moved; wake the uplink after it, so its
        // step is counted by the next round's check (its own safety net, uplink.pump_interval, is longer).
        Housekeeping rounds = new Housekeeping(List.of(
                Housekeeping.Chore.eachRound("batcher tick", () -> tick(batcher)),
                Housekeeping.Chore.eachRound("control idle check", controlServer::closeIdle),
                new Housekeeping.Chore("ambient sensors", ambientRounds, parts.ambient()::refresh),
                Housekeeping.Chore.eachRound("health check", () -> watch(health)),
                Housekeeping.Chore.eachRound("uplink heartbeat", () -> {
                    if (parts.uplink() != null) {
                        parts.uplink().wake();
                    }
                })));
        scheduler.scheduleWithFixedDelay(rounds, round.toMillis(), round.toMillis(), TimeUnit.MILLISECONDS);
        notifier.ready(summary());
        LOG.info("scale-agent ready: boot {} (#{}), {}", parts.bootId(), parts.bootCount(), summary());
    }

    private void tick(Batcher batcher) {
        try {
            if (batcher.tick(false) > 0 && parts.uplink() != null) {
                parts.uplink().wake();
            }
        } catch (RuntimeException e) {
            LOG.error("batcher tick failed", e);
        }
        batcherTicks.incrementAndGet();
    }

    private void watch(HealthCheck health) {
        HealthCheck.Progress p = new HealthCheck.Progress(parts.loop().samples(), batcherTicks.get(),
                parts.uplink() == null ? 0 : parts.uplink().steps());
        if (health.healthy(p)) {
            notifier.watchdog();
            notifier.status(summary());
        } else {
            LOG.error("unhealthy, not feeding the watchdog: {}", health.lastProblem());
            notifier.status("unhealthy: " + health.lastProblem());
        }
    }

    /**
     * One line for {@code systemctl status}, sent at every health check. Concatenated, not
     * {@code String.format}: the formatter looks up the locale's digits for every number, which was
     * a quarter of the housekeeping round's CPU (issue 18, async-profiler on the interpreted agent).
     */
    String summary() {
        var o = parts.outbox().status();
        String link = parts.uplink() == null ? "offline"
                : parts.uplink().connectivity().connected() ? "connected" : "connecting";
        return parts.loop().samples() + " samples, " + parts.sink().readings() + " readings, outbox "
                + o.pendingEntries() + " pending/" + o.sealedBatches() + " sealed/" + o.droppedEntries() + " dropped, "
                + link;
    }

    /** The status the control socket reports. */
    public com.scalesense.control.Replies.Status status() {
        return new StatusBuilder(config, parts).build();
    }

    /** Graceful stop; see the class comment. Idempotent. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        notifier.stopping("stopping: sealing pending readings");
        LOG.info("stopping: {}", summary());
        try {
            stopSampling();
            scheduler.shutdown();
            scheduler.awaitTermination(10, TimeUnit.SECONDS);
            int sealed = new Batcher(parts.outbox(), new WireCodec(),
                    new SyncWatch(parts.sensors().timeSync(), parts.sensors().clock(), parts.sensors().mono()),
                    config.batch(), parts.bootId()).tick(true);
            LOG.info("sealed {} batch(es) at shutdown", sealed);
            if (parts.uplink() != null) {
                parts.uplink().drain(config.shutdownPublishTimeout());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            network.shutdownNow();
            uplinkLane.shutdownNow();
            closeLast.forEach(ScaleAgent::closeQuietly);
            parts.close();
            notifier.close();
            LOG.info("stopped");
        }
    }

    /**
     * Stops at once, as a power cut would: no seal, no drain, no goodbye to the broker's session
     * beyond closing the connection. Nothing accepted is lost: the outbox and the NVS store are
     * crash-safe, and the next start seals and sends what this one left. For in-process
     * simulations of a crash (the demo's agent kill); a real crash is tested with SIGKILL
     * (AgentCrashIT). Idempotent, and nothing after {@link #close()}.
     */
    public synchronized void halt() {
        if (closed) {
            return;
        }
        closed = true;
        LOG.info("halting: {}", summary());
        try {
            stopSampling();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            scheduler.shutdownNow();
            network.shutdownNow();
            uplinkLane.shutdownNow();
            closeLast.forEach(ScaleAgent::closeQuietly);
            parts.close();
            notifier.close();
            LOG.info("halted");
        }
    }

    /**
     * Ends the sampling thread: the flag, then the load cell closed under it, so a read waiting
     * on a chip that sends nothing returns at once; the sample in hand is finished first.
     */
    private void stopSampling() throws InterruptedException {
        parts.loop().stop();
        parts.sensors().loadCell().close();
        samplingThread.join(READ_TIMEOUT.toMillis() * 5);
    }

    /** The outbox's depth now: readings pending, batches sealed and not yet acknowledged. */
    public OutboxStatus outboxStatus() {
        return parts.outbox().status();
    }

    /** This boot's boot_id. */
    public String bootId() {
        return parts.bootId();
    }

    /** The control socket's path (for tests and the CLI). */
    public java.nio.file.Path controlSocket() {
        return config.controlSocket();
    }

    /** The service behind the control socket, for tests that drive the cloud's commands through it. */
    ControlService control() {
        return control;
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception e) {
            LOG.warn("close failed", e);
        }
    }

    /**
     * One thread with its own timed queue. The uplink and the publisher each get one: in one pool of two
     * threads, every uplink step woke both (the idle one takes over the wait for the next deadline, and
     * the step's new deadline hands it back), about four wake-ups for each housekeeping round's step
     * (issue 18, counted with strace on a quiet agent); alone, the uplink's thread wakes once. A connect
     * that blocks on the network still never holds up the uplink's steps, which the watchdog counts. A
     * step cancels the deadline the step before set (the uplink's safety net, a minute ahead): removed at
     * once, a cancelled one would still wake the thread when it came due.
     */
    static ScheduledExecutorService lane(String name) {
        ScheduledThreadPoolExecutor pool = new ScheduledThreadPoolExecutor(1, r -> daemon(r, name));
        pool.setRemoveOnCancelPolicy(true);
        return pool;
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }
}
