package com.scalesense.demo.scale;

import com.scalesense.agent.batch.BatchContext;
import com.scalesense.agent.batch.Batcher;
import com.scalesense.agent.batch.BatcherConfig;
import com.scalesense.agent.batch.Recorder;
import com.scalesense.agent.clock.FixedTimeSync;
import com.scalesense.agent.clock.SyncWatch;
import com.scalesense.agent.outbox.Outbox;
import com.scalesense.agent.outbox.OutboxConfig;
import com.scalesense.agent.outbox.OutboxStatus;
import com.scalesense.agent.outbox.Outboxes;
import com.scalesense.agent.pipeline.Ambient;
import com.scalesense.agent.pipeline.MeasurementPipeline;
import com.scalesense.agent.pipeline.PipelineConfig;
import com.scalesense.agent.pipeline.PipelineListener;
import com.scalesense.agent.pipeline.calibration.Calibration;
import com.scalesense.agent.pipeline.detect.PourWindow;
import com.scalesense.agent.pipeline.keg.KegProfile;
import com.scalesense.agent.publish.Backoff;
import com.scalesense.agent.publish.MqttSettings;
import com.scalesense.agent.publish.PahoPublisher;
import com.scalesense.agent.uplink.BootAnnouncement;
import com.scalesense.agent.uplink.Uplink;
import com.scalesense.agent.uplink.UplinkSettings;
import com.scalesense.agent.uplink.UplinkStatus;
import com.scalesense.hal.RawSample;
import com.scalesense.hal.SampleRate;
import com.scalesense.protocol.BootRegistration;
import com.scalesense.protocol.Capabilities;
import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.MessageValidator;
import com.scalesense.protocol.Reading;
import com.scalesense.protocol.ReadingsBatch;
import com.scalesense.protocol.WireCodec;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/**
 * One boot of one scale's agent, built from the agent's own parts: measurement pipeline →
 * recorder → SQLite outbox (durable before a reading counts as accepted) → batcher → uplink →
 * Paho publisher. Its outbox file lives in the scale's state directory, so the next boot after a
 * kill finds and sends what this one left. The keg and its pour window are handed from boot to
 * boot as the agent's NVS store hands them on: the window is restored at the first sample (the
 * demo's clock is always synced) if it belongs to the keg. Not thread-safe: the owning
 * {@link DemoScale} feeds it samples and ticks its batcher from one thread.
 */
final class AgentBoot implements PipelineListener {

    static final String FIRMWARE = "1.4.2-demo";
    /** Batches leave after at most 5 simulated minutes: at 240x that is 1.25 real seconds. */
    static final BatcherConfig BATCHING = new BatcherConfig(BatcherConfig.MAX_READINGS, Duration.ofMinutes(5),
            Duration.ofMinutes(10), 8);
    /** Reconnect quickly after a broker outage: the demo's real seconds are simulated minutes. */
    private static final Backoff FAST = new Backoff(Duration.ofMillis(200), Duration.ofSeconds(2));

    private final TapPlan tap;
    private final String bootId;
    private final Ledger ledger;
    private final Outbox outbox;
    private final Recorder recorder;
    private final BatchContext context;
    private final MeasurementPipeline pipeline;
    private final Batcher batcher;
    private final ScheduledExecutorService network;
    private final PahoPublisher publisher;
    private final Uplink uplink;
    private RawSample lastSample;
    /** The pour window the previous boot left, until this boot's first sample restores it; null: none. */
    private PourWindow carried;

    AgentBoot(TapPlan tap, String locId, Path stateDir, URI broker, SimClock time, Calibration calibration,
              KegProfile keg, PourWindow pours, Ledger ledger, List<Delivered> delivered, Random random) {
        this.tap = tap;
        this.carried = pours;
        this.ledger = ledger;
        this.bootId = new UUID((random.nextLong() & ~0xF000L) | 0x4000L,
                (random.nextLong() & ~0xC000_0000_0000_0000L) | 0x8000_0000_0000_0000L).toString();
        this.outbox = Outboxes.open(OutboxConfig.at(stateDir.resolve("outbox.db")), time.clock());
        this.recorder = new Recorder(outbox, new WireCodec());
        this.context = new BatchContext(tap.hardwareId(), tap.deviceId(), bootId, FIRMWARE, locId, tap.tapId(locId),
                keg.kegId());
        this.pipeline = new MeasurementPipeline(PipelineConfig.defaults(), SampleRate.SPS_10, calibration, keg, this);
        this.batcher = new Batcher(outbox, new WireCodec(), new SyncWatch(FixedTimeSync.SYNCED, time.clock(), time.mono()),
                BATCHING, bootId);
        this.network = Executors.newScheduledThreadPool(2, r -> {
            Thread t = new Thread(r, "agent-" + tap.deviceId());
            t.setDaemon(true);
            return t;
        });
        this.publisher = PahoPublisher.start(MqttSettings.of(broker, tap.deviceId()).withReconnect(FAST), network, random);
        BootRegistration registration = new BootRegistration(ReadingsBatch.SCHEMA_VERSION, tap.hardwareId(),
                tap.deviceId(), bootId, FIRMWARE, locId, tap.tapId(locId),
                new Capabilities(List.of("hx711"), Map.of("offline_buffering", true)), time.millis(), true);
        this.uplink = new Uplink(outbox, new RecordingPublisher(publisher, delivered),
                BootAnnouncement.of(registration, new WireCodec(), new MessageValidator()),
                new UplinkSettings(10, 50, FAST, Duration.ofSeconds(30), Duration.ofMillis(100)), System::nanoTime,
                time.clock(), random);
        uplink.start(network);
    }

    void accept(RawSample sample) {
        lastSample = sample;
        if (carried != null) {
            restorePours(sample);
        }
        pipeline.accept(sample, Ambient.SYNCED);
    }

    /** As the agent does at its first clock-synced sample: the stored pours, if they are this keg's. */
    private void restorePours(RawSample sample) {
        long monoMs = monoMs();
        if (carried.belongsTo(pipeline.keg().kegId())) {
            pipeline.restorePours(carried.toMonotonic(sample.wallMillis() - monoMs, monoMs));
        }
        carried = null;
    }

    @Override
    public void onReading(Reading reading) {
        recorder.record(context, reading, monoMs());
        ledger.reading(tap, bootId, context.kegId(), reading);
    }

    @Override
    public void onEvent(DeviceEvent event) {
        recorder.record(context, event, monoMs());
        if (event instanceof DeviceEvent.Pour pour) {
            ledger.pour(tap, pour);
        }
    }

    private long monoMs() {
        return lastSample.monotonicNanos() / 1_000_000;
    }

    /** Seals what is due; {@code all} seals everything pending (the agent is stopping). */
    int seal(boolean all) {
        return batcher.tick(all);
    }

    OutboxStatus outboxStatus() {
        return outbox.status();
    }

    UplinkStatus uplinkStatus() {
        return uplink.status();
    }

    /** The keg as this boot knows it: what the NVS store would hand the next boot. */
    KegProfile keg() {
        return pipeline.keg();
    }

    /** The keg's pour window on the wall clock: what the NVS store would hand the next boot. */
    PourWindow pourWindow() {
        if (lastSample == null) {
            return carried; // killed before its first sample: the store still holds the last boot's
        }
        long monoMs = monoMs();
        return PourWindow.of(pipeline.keg().kegId(), pipeline.pours(), lastSample.wallMillis() - monoMs);
    }

    String bootId() {
        return bootId;
    }

    /**
     * Stops the boot. Graceful or not, nothing accepted is lost: the outbox is durable and its
     * unacknowledged batches go out with the next boot.
     */
    void stop() {
        network.shutdownNow();
        publisher.close();
        outbox.close();
    }
}
