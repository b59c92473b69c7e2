package com.scalesense.agent.runtime;

import com.scalesense.agent.batch.Batcher;
import com.scalesense.agent.clock.SyncWatch;
import com.scalesense.agent.config.AgentConfig;
import com.scalesense.agent.control.ControlServer;
import com.scalesense.agent.control.ControlService;
import com.scalesense.agent.control.IdleConnections;
import com.scalesense.agent.notify.SdNotifier;
import com.scalesense.agent.uplink.BootAnnouncement;
import com.scalesense.protocol.MessageValidator;
import com.scalesense.protocol.WireCodec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
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
    /** How often the batcher looks for due batches, real time. */
    private static final Duration BATCH_TICK = Duration.ofSeconds(1);
    /** How often battery and temperature are read (a battery drains over days). */
    private static final Duration AMBIENT_EVERY = Duration.ofSeconds(30);
    /** How often the health check runs without a systemd watchdog (STATUS= line). */
    private static final Duration HEALTH_EVERY = Duration.ofSeconds(10);
    /** Longest wait for the first sample before READY=1 is sent anyway with a warning. */
    private static final Duration FIRST_SAMPLE_WAIT = Duration.ofSeconds(30);

    private final AgentConfig config;
    private final SdNotifier notifier;
    private final AgentParts parts;
    private final ScheduledExecutorService scheduler;
    private final ScheduledExecutorService network;
    private final Thread samplingThread;
    /** What the control socket and the cloud's commands ask of the agent (one service for both). */
    private final AgentControl control;
    private final AtomicLong batcherTicks = new AtomicLong();
    private final List<AutoCloseable> closeLast = new ArrayList<>();
    private boolean closed;

    private ScaleAgent(AgentConfig config, SdNotifier notifier, AgentParts parts) {
        this.config = config;
        this.notifier = notifier;
        this.parts = parts;
        this.scheduler = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "agent-scheduler"));
        this.network = Executors.newScheduledThreadPool(2, r -> daemon(r, "agent-network"));
        this.samplingThread = new Thread(parts.loop(), "agent-sampling");
        this.control = new AgentControl(parts.loop(), parts.sensors(), parts.sensors().clock(), this::status);
    }

    /**
     * Opens the stores, starts sampling, batching, publishing and the control socket, and tells
     * systemd READY=1 after the first sample.
     *
     * @param restart asked to restart the agent (the cloud's reload_config)
     */
    public static ScaleAgent start(AgentConfig config, Sensors sensors, SdNotifier notifier, Random random,
                                   String firmwareVersion, Runnable restart) throws InterruptedException {
        try {
            Files.createDirectories(config.stateDir());
        } catch (IOException e) {
            throw new UncheckedIOException("state.dir " + config.stateDir() + " cannot be created", e);
        }
        AgentParts parts = AgentParts.open(config, sensors, random, firmwareVersion);
        ScaleAgent agent = new ScaleAgent(config, notifier, parts);
        agent.run(random, restart);
        return agent;
    }

    private void run(Random random, Runnable restart) throws InterruptedException {
        parts.ambient().refresh();
        samplingThread.start();
        Batcher batcher = new Batcher(parts.outbox(), new WireCodec(),
                new SyncWatch(parts.sensors().timeSync(), parts.sensors().clock(), parts.sensors().mono()),
                config.batch(), parts.bootId());
        scheduler.scheduleWithFixedDelay(() -> tick(batcher), BATCH_TICK.toMillis(), BATCH_TICK.toMillis(),
                TimeUnit.MILLISECONDS);
        scheduler.scheduleWithFixedDelay(parts.ambient()::refresh, AMBIENT_EVERY.toMillis(), AMBIENT_EVERY.toMillis(),
                TimeUnit.MILLISECONDS);
        if (config.online()) {
            BootAnnouncement announcement = BootAnnouncement.of(parts.registration(), new WireCodec(), new MessageValidator());
            parts.setUplink(UplinkRunner.start(config, parts.outbox(), announcement, new CloudCommands(control, restart),
                    network, parts.sensors().clock(), random, System::nanoTime));
        } else {
            LOG.warn("mqtt.broker_uri is not set: offline. Readings stay in the outbox ({} bytes at most, "
                    + "oldest dropped first) until a broker is configured", config.outbox().maxBytes());
        }
        IdleConnections idle = new IdleConnections(config.controlIdleTimeout(), System::nanoTime);
        ControlServer controlServer = ControlServer.start(config.controlSocket(), control, idle);
        closeLast.add(controlServer);
        scheduler.scheduleWithFixedDelay(controlServer::closeIdle, idle.checkEvery().toMillis(),
                idle.checkEvery().toMillis(), TimeUnit.MILLISECONDS);
        if (!parts.loop().awaitFirstSample(FIRST_SAMPLE_WAIT)) {
            LOG.warn("no sample from the load cell within {}; reporting ready anyway", FIRST_SAMPLE_WAIT);
        }
        Duration every = notifier.watchdogInterval().map(d -> d.dividedBy(3)).orElse(HEALTH_EVERY);
        HealthCheck health = new HealthCheck(config.online());
        scheduler.scheduleWithFixedDelay(() -> watch(health), every.toMillis(), every.toMillis(), TimeUnit.MILLISECONDS);
        notifier.ready(summary());
        LOG.info("scale-agent ready: boot {} (#{}), {}", parts.bootId(), parts.bootCount(), summary());
    }

    private void tick(Batcher batcher) {
        try {
            batcher.tick(false);
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

    /** One line for {@code systemctl status}. */
    String summary() {
        var o = parts.outbox().status();
        return String.format("%s samples, %d readings, outbox %d pending/%d sealed/%d dropped, %s",
                parts.loop().samples(), parts.sink().readings(), o.pendingEntries(), o.sealedBatches(),
                o.droppedEntries(), parts.uplink() == null ? "offline" : parts.uplink().connectivity().connected()
                        ? "connected" : "connecting");
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
        parts.loop().stop();
        try {
            samplingThread.join(READ_TIMEOUT.toMillis() * 5);
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
            closeLast.forEach(ScaleAgent::closeQuietly);
            parts.close();
            notifier.close();
            LOG.info("stopped");
        }
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

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }
}
