package com.scalesense.agent.boot;

import com.scalesense.agent.scale.ScaleMemory;

import com.scalesense.agent.scale.AmbientCache;
import com.scalesense.agent.scale.OutboxSink;
import com.scalesense.agent.scale.ScaleLoop;
import com.scalesense.agent.scale.ScaleModel;
import com.scalesense.agent.scale.Sensors;
import com.scalesense.agent.sim.AcceptedLog;

import com.scalesense.agent.batch.BatchContext;
import com.scalesense.agent.batch.Recorder;
import com.scalesense.agent.batch.SealNow;
import com.scalesense.agent.uplink.StateSender;
import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.Reading;
import com.scalesense.agent.config.AgentConfig;
import com.scalesense.agent.outbox.Outbox;
import com.scalesense.agent.outbox.Outboxes;
import com.scalesense.agent.pipeline.PipelineConfig;
import com.scalesense.agent.pipeline.keg.KegProfile;
import com.scalesense.agent.store.NvsStore;
import com.scalesense.agent.store.StateDirLock;
import com.scalesense.agent.store.NvsStores;
import com.scalesense.protocol.BootRegistration;
import com.scalesense.protocol.Capabilities;
import com.scalesense.protocol.ReadingsBatch;
import com.scalesense.protocol.WireCodec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The agent's stateful parts, opened in order (NVS store, boot counter, outbox, measuring model)
 * and closed in reverse. The MapDB and SQLite adapters are named here and nowhere else.
 */
final class AgentParts implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(AgentParts.class);

    private final AgentConfig config;
    private final Sensors sensors;
    private final NvsStore nvs;
    private final Outbox outbox;
    private final String bootId;
    private final long bootCount;
    private final String firmwareVersion;
    private final long startedMonoMs;
    private final OutboxSink sink;
    private final ScaleLoop loop;
    private final AmbientCache ambient;
    private final AcceptedLog acceptedLog;
    private final StateSender states = new StateSender(new WireCodec());
    /** The sink raises it for the reading the low-keg alert waits for; the batcher seals it at once. */
    private final SealNow sealNow = new SealNow();
    private volatile UplinkRunner uplink;
    /** Told after each record the outbox took (the batcher's wake-up); nobody until the agent runs. */
    private volatile Runnable recorded = () -> { };
    private StateDirLock lock;

    private AgentParts(AgentConfig config, Sensors sensors, NvsStore nvs, Outbox outbox, String bootId, long bootCount,
                       String firmwareVersion, OutboxSink.Accepted hook, KegProfile firstKeg, Duration quietBurst) {
        this.config = config;
        this.sensors = sensors;
        this.nvs = nvs;
        this.outbox = outbox;
        this.bootId = bootId;
        this.bootCount = bootCount;
        this.firmwareVersion = firmwareVersion;
        this.startedMonoMs = sensors.mono().monoMs();
        this.ambient = new AmbientCache(sensors.battery(), sensors.temperature(), sensors.timeSync());
        this.acceptedLog = config.simulated() && config.simulation().acceptedLog() != null
                ? AcceptedLog.open(config.simulation().acceptedLog(), bootId, outbox) : null;
        OutboxSink.Accepted accepted = OutboxSink.Accepted.both(OutboxSink.Accepted.both(OutboxSink.Accepted.both(
                acceptedLog != null ? acceptedLog : OutboxSink.Accepted.NONE, toStates(states)), hook), toRecorded());
        BatchContext base = new BatchContext(config.device().hardwareId(), config.device().deviceId(), bootId,
                firmwareVersion, config.device().locId(), config.device().tapId(), null);
        ScaleModel[] model = new ScaleModel[1]; // the sink reads the keg of the model it feeds
        this.sink = new OutboxSink(new Recorder(outbox, new WireCodec()), () -> base.withKeg(model[0].keg().kegId()),
                sensors.mono(), accepted, sealNow);
        model[0] = new ScaleModel(new ScaleMemory(nvs),
                PipelineConfig.defaults().withReadingInterval(config.readingInterval()).withSwapMinEmpty(config.swapMinEmpty()), sensors.loadCell().rate(), sink,
                sensors.factoryCalibration(), firstKeg, config.lowKeg());
        if (model[0].pipeline() == null) {
            LOG.warn("no calibration stored: sampling for the live view and calibration only, no readings recorded");
        }
        this.loop = new ScaleLoop(sensors.loadCell(), model[0], ambient::current, Duration.ofSeconds(1), quietBurst);
    }

    /**
     * @param hook     told of each record the outbox durably accepted (besides simulate.accepted_log)
     * @param firstKeg   the keg on the tap when the NVS store holds none, or null
     * @param quietBurst how long the sampling thread gathers samples while the scale is steady
     */
    static AgentParts open(AgentConfig config, Sensors sensors, Random random, String firmwareVersion,
                           OutboxSink.Accepted hook, KegProfile firstKeg, Duration quietBurst) {
        // First: scale-cal may have the stores open itself while the agent was stopped.
        StateDirLock lock = StateDirLock.acquire(config.stateDir(), "scale-agent", ProcessHandle.current().pid());
        NvsStore nvs = null;
        try {
            nvs = NvsStores.open(config.nvsFile(), sensors.clock());
            long bootCount = nvs.nextBoot();
            Outbox outbox = Outboxes.open(config.outbox(), sensors.clock());
            AgentParts parts = new AgentParts(config, sensors, nvs, outbox, uuidV4(random), bootCount, firmwareVersion,
                    hook, firstKeg, quietBurst);
            parts.lock = lock;
            return parts;
        } catch (RuntimeException e) {
            if (nvs != null) {
                nvs.close();
            }
            lock.close();
            throw e;
        }
    }

    /** {@code value} is told after each record the outbox took, on the sampling thread (see {@link BatcherWake}). */
    void onRecorded(Runnable value) {
        recorded = value;
    }

    private OutboxSink.Accepted toRecorded() {
        return new OutboxSink.Accepted() {
            @Override
            public void reading(BatchContext ctx, Reading reading) {
                recorded.run();
            }

            @Override
            public void event(BatchContext ctx, DeviceEvent event) {
                recorded.run();
            }
        };
    }

    /** The state sender hears of each durable record, as the accepted hooks do. */
    private static OutboxSink.Accepted toStates(StateSender states) {
        return new OutboxSink.Accepted() {
            @Override
            public void reading(BatchContext ctx, Reading reading) {
                states.reading(ctx, reading);
            }

            @Override
            public void event(BatchContext ctx, DeviceEvent event) {
                states.event(ctx, event);
            }
        };
    }

    /** Sends the tap state after each event once the uplink attached its publisher. */
    StateSender states() {
        return states;
    }

    /** A UUID v4 (seed 001 boot_id) from the injected randomness: version 4, RFC 4122 variant. */
    static String uuidV4(Random random) {
        long msb = (random.nextLong() & ~0xF000L) | 0x4000L;
        long lsb = (random.nextLong() & ~(0xC000_0000_0000_0000L)) | 0x8000_0000_0000_0000L;
        return new UUID(msb, lsb).toString();
    }

    /** This boot's registration (seed 001 devices row): what the scale can measure and do. */
    BootRegistration registration() {
        List<String> sensorNames = new ArrayList<>(List.of("hx711"));
        if (sensors.battery() != null) {
            sensorNames.add("battery");
        }
        if (sensors.temperature() != null) {
            sensorNames.add("ds18b20");
        }
        return new BootRegistration(ReadingsBatch.SCHEMA_VERSION, config.device().hardwareId(), config.device().deviceId(),
                bootId, firmwareVersion, config.device().locId(), config.device().tapId(),
                new Capabilities(sensorNames, Map.of("offline_buffering", true, "control_socket", true)),
                sensors.clock().millis(), sensors.timeSync().isSynchronized());
    }

    AgentConfig config() {
        return config;
    }

    Sensors sensors() {
        return sensors;
    }

    Outbox outbox() {
        return outbox;
    }

    NvsStore nvs() {
        return nvs;
    }

    String bootId() {
        return bootId;
    }

    long bootCount() {
        return bootCount;
    }

    String firmwareVersion() {
        return firmwareVersion;
    }

    long uptimeS() {
        return (sensors.mono().monoMs() - startedMonoMs) / 1000;
    }

    SealNow sealNow() {
        return sealNow;
    }

    OutboxSink sink() {
        return sink;
    }

    ScaleLoop loop() {
        return loop;
    }

    AmbientCache ambient() {
        return ambient;
    }

    UplinkRunner uplink() {
        return uplink;
    }

    void setUplink(UplinkRunner runner) {
        this.uplink = runner;
    }

    @Override
    public void close() {
        sensors.loadCell().close();
        if (uplink != null) {
            uplink.close();
        }
        outbox.close();
        nvs.close();
        if (acceptedLog != null) {
            acceptedLog.close();
        }
        lock.close();
    }
}
