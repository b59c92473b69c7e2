package com.scalesense.demo.scale;

import com.scalesense.agent.batch.BatchContext;
import com.scalesense.agent.boot.ScaleAgent;
import com.scalesense.agent.clock.FixedTimeSync;
import com.scalesense.agent.config.AgentConfig;
import com.scalesense.agent.config.AgentConfigLoader;
import com.scalesense.agent.config.ConfigKey;
import com.scalesense.agent.config.ConfigSource;
import com.scalesense.agent.outbox.OutboxStatus;
import com.scalesense.agent.pipeline.calibration.Calibration;
import com.scalesense.agent.pipeline.keg.KegProfile;
import com.scalesense.agent.pipeline.keg.Tare;
import com.scalesense.agent.publish.Backoff;
import com.scalesense.agent.scale.OutboxSink;
import com.scalesense.agent.scale.Sensors;
import com.scalesense.agent.uplink.UplinkSettings;
import com.scalesense.demo.DemoException;
import com.scalesense.hal.SampleRate;
import com.scalesense.hal.sim.Scenario;
import com.scalesense.hal.sim.SimulatedLoadCell;
import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.Reading;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One simulated scale under one keg: the physical world ({@code hal.sim}'s keg and load cell,
 * paced on {@link SimClock}) and the real agent ({@link ScaleAgent}) running on it, its state
 * (NVS store, outbox) in the scale's state directory. The world keeps going while the agent is
 * dead: samples of that time are never read, as on a real scale, but nothing the agent had
 * accepted is lost, and the next boot gets the keg, its pour window and its settled weight from
 * the agent's own NVS store.
 */
public final class DemoScale {

    private static final Logger LOG = LoggerFactory.getLogger(DemoScale.class);
    static final String FIRMWARE = "1.4.2-demo";
    /** The batcher looks for due batches every 10 simulated seconds. */
    private static final double SEAL_EVERY_SIM_S = 10;
    /**
     * Periodic readings and pours leave after at most 5 simulated minutes (the agent's default is
     * 2 h): at 240x that is 1.25 real seconds, so the evening's tables fill while one watches. A
     * pour's end reaches TAP#STATE at once either way (its state message), and a keg swap, a tare
     * or a sensor fault seals its batch at once.
     */
    static final String BATCH_MAX_DELAY = "5m";
    /** Reconnect quickly after a broker outage: the demo's real seconds are simulated minutes. */
    private static final Backoff FAST = new Backoff(Duration.ofMillis(200), Duration.ofSeconds(2));
    /** The uplink's retries at the same pace, and a 30 s wait for a PUBACK. */
    private static final UplinkSettings UPLINK = new UplinkSettings(10, 50, FAST, Duration.ofSeconds(30),
            Duration.ofMillis(100));

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
    private final String batchMaxDelay;
    private final List<Delivered> delivered = new ArrayList<>();
    /** The keg the admin assigned: the agent's keg at its first start. */
    private final KegProfile assigned;
    /** The keg of the agent's latest accepted reading (what it believes is on the tap). */
    private volatile String kegId;
    private ScaleAgent agent;
    private int boots;

    DemoScale(TapPlan tap, String locId, String kegId, Path stateDir, URI broker, SimClock time, Scenario scenario,
              SimulatedLoadCell cell, Calibration calibration, Ledger ledger, Random random, String batchMaxDelay) {
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
        this.batchMaxDelay = batchMaxDelay;
        this.assigned = new KegProfile(kegId, tap.beerRef(), tap.kegType(), tap.sg(), Tare.PENDING);
        this.kegId = kegId;
    }

    /** Boots the agent; its first reads wait for the evening's simulated time. */
    public synchronized void start() {
        boot();
    }

    /** Kills the agent at once: no final seal, no drain. The world goes on. */
    public synchronized void kill() {
        if (agent != null) {
            LOG.info("{}: agent killed (boot {})", tap.deviceId(), agent.bootId());
            agent.halt();
            agent = null;
        }
    }

    /** Boots the agent again from the same state directory, where the world is now. */
    public synchronized void restart() {
        if (agent == null) {
            cell.skipTo(time.simNanos());
            boot();
        }
    }

    public boolean running() {
        synchronized (this) {
            return agent != null;
        }
    }

    private void boot() {
        try {
            agent = ScaleAgent.builder(config(), new Sensors(new BootCell(cell, scenario, time), null, null, calibration,
                            time.clock(), time.mono(), FixedTimeSync.SYNCED,
                            Sensors.datasheetNoiseCounts(SampleRate.SPS_10)))
                    .random(random)
                    .firmwareVersion(FIRMWARE)
                    .accepted(new ToLedger())
                    .publisherWrap(p -> new RecordingPublisher(p, delivered))
                    .batchEvery(Duration.ofNanos(Math.round(SEAL_EVERY_SIM_S * 1e9 / time.speed())))
                    .firstKeg(assigned)
                    .start();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DemoException(tap.deviceId() + ": interrupted while its agent started", e);
        }
        boots++;
        LOG.info("{}: agent booted (boot {}, #{})", tap.deviceId(), agent.bootId(), boots);
    }

    /** The agent's config as its file would say it, with the demo's faster reconnects. */
    private AgentConfig config() {
        ConfigSource source = ConfigSource.load(Optional.empty(), true, Map.of());
        Map.of(ConfigKey.STATE_DIR, stateDir.toString(),
                ConfigKey.DEVICE_HARDWARE_ID, tap.hardwareId(),
                ConfigKey.DEVICE_DEVICE_ID, tap.deviceId(),
                ConfigKey.DEVICE_LOC_ID, locId,
                ConfigKey.DEVICE_TAP_ID, tap.tapId(locId),
                ConfigKey.MQTT_BROKER_URI, broker.toString(),
                ConfigKey.BATCH_MAX_DELAY, batchMaxDelay).forEach((k, v) -> source.override(k, v, "demo"));
        AgentConfig config = AgentConfigLoader.load(source, false);
        return config.withMqtt(config.mqtt().withReconnect(FAST)).withUplink(UPLINK);
    }

    /** Tells the ledger what the agent's outbox accepted: the truth the stored tables are checked against. */
    private final class ToLedger implements OutboxSink.Accepted {

        @Override
        public void reading(BatchContext ctx, Reading reading) {
            kegId = ctx.kegId();
            ledger.reading(tap, ctx.bootId(), ctx.kegId(), reading);
        }

        @Override
        public void event(BatchContext ctx, DeviceEvent event) {
            if (event instanceof DeviceEvent.Pour pour) {
                ledger.pour(tap, pour);
            }
        }
    }

    /** True once the keg's evening has been played to its end. */
    public synchronized boolean eveningOver() {
        return BootCell.over(cell, scenario) || agent == null && time.simNanos() >= scenario.endNanos();
    }

    /** Outbox of the running boot; null while the agent is dead. */
    public synchronized OutboxStatus outbox() {
        return agent == null ? null : agent.outboxStatus();
    }

    /** True when every accepted reading is sealed and acknowledged by the broker. */
    public synchronized boolean drained() {
        if (agent == null) {
            return false;
        }
        OutboxStatus s = agent.outboxStatus();
        return s.pendingEntries() == 0 && s.sealedBatches() == 0;
    }

    /** Stops the agent for good (after {@link #drained()}): the agent's own graceful stop. */
    public synchronized void stop() {
        if (agent != null) {
            agent.close();
            agent = null;
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
        return kegId;
    }

    public int boots() {
        return boots;
    }
}
