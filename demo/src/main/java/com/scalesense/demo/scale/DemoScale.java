package com.scalesense.demo.scale;

import com.scalesense.agent.outbox.OutboxStatus;
import com.scalesense.agent.pipeline.calibration.Calibration;
import com.scalesense.agent.pipeline.detect.PourWindow;
import com.scalesense.agent.pipeline.keg.KegProfile;
import com.scalesense.agent.pipeline.keg.Tare;
import com.scalesense.hal.RawSample;
import com.scalesense.hal.SampleRate;
import com.scalesense.hal.sim.Scenario;
import com.scalesense.hal.sim.SimulatedLoadCell;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One simulated scale under one keg: the physical world ({@code hal.sim}'s keg and load cell,
 * paced on {@link SimClock}) and the agent running on it ({@link AgentBoot}). The world keeps
 * going while the agent is dead: samples taken then are lost, as on a real scale, but nothing the
 * agent had accepted is.
 */
public final class DemoScale {

    private static final Logger LOG = LoggerFactory.getLogger(DemoScale.class);
    /** The batcher looks for due batches every 10 simulated seconds. */
    private static final long SEAL_EVERY_NANOS = 10_000_000_000L;
    /** The world thread sleeps this long (real) when it is ahead of simulated time. */
    private static final long IDLE_NANOS = 5_000_000L;

    private final TapPlan tap;
    private final String locId;
    private final Path stateDir;
    private final URI broker;
    private final SimClock time;
    private final Calibration calibration;
    private final SimulatedLoadCell cell;
    private final Scenario scenario;
    private final Ledger ledger;
    private final Random random;
    private final List<Delivered> delivered = new ArrayList<>();
    private final Thread world;
    private KegProfile keg;
    /** The keg's pour window as the last boot left it; null before the first kill. */
    private PourWindow pours;
    private AgentBoot boot;
    private int boots;
    private long nextSealNanos;
    private volatile boolean worldDone;

    DemoScale(TapPlan tap, String locId, String kegId, Path stateDir, URI broker, SimClock time, Scenario scenario,
              SimulatedLoadCell cell, Calibration calibration, Ledger ledger, Random random) {
        this.tap = tap;
        this.locId = locId;
        this.stateDir = stateDir;
        this.broker = broker;
        this.time = time;
        this.scenario = scenario;
        this.cell = cell;
        this.calibration = calibration;
        this.ledger = ledger;
        this.random = random;
        this.keg = new KegProfile(kegId, tap.beerRef(), tap.kegType(), tap.sg(), Tare.PENDING);
        this.world = new Thread(this::runWorld, "world-" + tap.deviceId());
        this.world.setDaemon(true);
    }

    /** Boots the agent and lets the keg's evening play. */
    public synchronized void start() {
        boot();
        world.start();
    }

    /** Kills the agent at once: no final seal, no drain. The world goes on. */
    public synchronized void kill() {
        if (boot != null) {
            LOG.info("{}: agent killed (boot {})", tap.deviceId(), boot.bootId());
            keg = boot.keg();
            pours = boot.pourWindow();
            boot.stop();
            boot = null;
        }
    }

    /** Boots the agent again from the same state directory, with the keg and the pours it knew. */
    public synchronized void restart() {
        if (boot == null) {
            boot();
        }
    }

    public boolean running() {
        synchronized (this) {
            return boot != null;
        }
    }

    private void boot() {
        boot = new AgentBoot(tap, locId, stateDir, broker, time, calibration, keg, pours, ledger, delivered, random);
        boots++;
        LOG.info("{}: agent booted (boot {}, #{})", tap.deviceId(), boot.bootId(), boots);
    }

    private void runWorld() {
        long period = SampleRate.SPS_10.periodNanos();
        try {
            while (!cell.finished() && cell.nowNanos() + period <= scenario.endNanos()
                    && !Thread.currentThread().isInterrupted()) {
                long wait = time.realNanosUntil(cell.nowNanos() + period);
                if (wait > 0) {
                    LockSupport.parkNanos(Math.min(wait, IDLE_NANOS));
                    continue;
                }
                RawSample sample = cell.read(Duration.ZERO);
                deliver(sample);
            }
        } catch (RuntimeException e) {
            LOG.error("{}: world stopped", tap.deviceId(), e);
        } finally {
            worldDone = true;
        }
    }

    private synchronized void deliver(RawSample sample) {
        if (boot == null) {
            return; // the agent is dead: this sample is never taken
        }
        boot.accept(sample);
        if (sample.monotonicNanos() >= nextSealNanos) {
            boot.seal(false);
            nextSealNanos = sample.monotonicNanos() + SEAL_EVERY_NANOS;
        }
    }

    /** True once the keg's evening has been played to its end. */
    public boolean eveningOver() {
        return worldDone;
    }

    /** Seals everything pending, for the shutdown of a live agent. */
    public synchronized void sealAll() {
        if (boot != null) {
            boot.seal(true);
        }
    }

    /** Outbox of the running boot; null while the agent is dead. */
    public synchronized OutboxStatus outbox() {
        return boot == null ? null : boot.outboxStatus();
    }

    /** True when every accepted reading is sealed and acknowledged by the broker. */
    public synchronized boolean drained() {
        if (boot == null) {
            return false;
        }
        OutboxStatus s = boot.outboxStatus();
        return s.pendingEntries() == 0 && s.sealedBatches() == 0;
    }

    /** Stops the agent for good (after {@link #drained()}). */
    public synchronized void stop() {
        world.interrupt();
        if (boot != null) {
            boot.stop();
            boot = null;
        }
    }

    /** Batches the broker acknowledged so far, as published: topic and exact bytes. */
    public List<Delivered> delivered() {
        synchronized (delivered) {
            return List.copyOf(delivered);
        }
    }

    public TapPlan tap() {
        return tap;
    }

    public Scenario scenario() {
        return scenario;
    }

    public String kegId() {
        return keg.kegId();
    }

    public int boots() {
        return boots;
    }
}
