package com.scalesense.demo;

import com.scalesense.demo.cloud.BarSetup;
import com.scalesense.demo.cloud.LocalCloud;
import com.scalesense.demo.report.Check;
import com.scalesense.demo.report.KegChart;
import com.scalesense.demo.report.StoredReadings;
import com.scalesense.demo.report.Verification;
import com.scalesense.demo.scale.BarEvening;
import com.scalesense.demo.scale.DemoScale;
import com.scalesense.demo.scale.Delivered;
import com.scalesense.demo.scale.Ledger;
import com.scalesense.demo.scale.Scales;
import com.scalesense.demo.scale.SimClock;
import com.scalesense.demo.scale.TapPlan;
import com.scalesense.protocol.Topics;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.Executors;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The whole system on one machine for one evening: {@link LocalCloud} (broker, DynamoDB Local,
 * sink behind the local IoT Rule), the bar prepared with the admin operations, and one
 * {@link DemoScale} per tap, all on one {@link SimClock}. {@link #run} plays the evening with the
 * configured faults and returns once every accepted reading has reached the sink.
 */
public final class BarNight implements AutoCloseable, FaultSchedule.Actions {

    private static final Logger LOG = LoggerFactory.getLogger(BarNight.class);
    public static final ZoneId BAR_ZONE = ZoneId.of("America/Chicago");
    /** Longest real wait for the outboxes to drain and the sink to go idle after the evening. */
    private static final Duration SETTLE_LIMIT = Duration.ofMinutes(3);
    /** The sink counts as done when no message arrived for this long (real time). */
    private static final Duration SINK_IDLE = Duration.ofSeconds(3);

    private final DemoConfig config;
    private final SimClock time;
    private final LocalCloud cloud;
    private final List<TapPlan> taps;
    private final List<DemoScale> scales = new ArrayList<>();
    private final Ledger ledger = new Ledger();
    private final List<String> timeline = new CopyOnWriteArrayList<>();
    /** The payload of each duplicate batch published by {@link #resendDelivered} (each acknowledged by the broker). */
    private final List<byte[]> injected = new CopyOnWriteArrayList<>();
    /** HiveMQ takes seconds to stop and start: off the main loop, so time and the view go on. */
    private final ExecutorService brokerOps = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "broker-fault");
        t.setDaemon(true);
        return t;
    });

    private BarNight(DemoConfig config, SimClock time, LocalCloud cloud, List<TapPlan> taps) {
        this.config = config;
        this.time = time;
        this.cloud = cloud;
        this.taps = taps;
    }

    /** Starts the cloud half, prepares the bar and builds the scales; time does not run yet. */
    public static BarNight open(DemoConfig config, Path workDir) {
        return open(config, workDir, null);
    }

    /**
     * As {@link #open(DemoConfig, Path)}, with DynamoDB Local served on 127.0.0.1:{@code dynamoPort}
     * (0: a free port) so the tables can be looked at from outside, also after the evening.
     */
    public static BarNight open(DemoConfig config, Path workDir, int dynamoPort) {
        return open(config, workDir, (Integer) dynamoPort);
    }

    private static BarNight open(DemoConfig config, Path workDir, Integer dynamoPort) {
        SimClock time = new SimClock(config.eveningStartMs(), config.speed(), System::nanoTime);
        LocalCloud cloud = dynamoPort == null ? LocalCloud.start(workDir, time.clock(), config.seed())
                : LocalCloud.serving(workDir, time.clock(), config.seed(), dynamoPort, 0);
        List<TapPlan> taps = BarEvening.taps(config.scales());
        BarNight night = new BarNight(config, time, cloud, taps);
        try {
            Map<String, String> kegs = BarSetup.prepare(cloud.tables(), cloud.commands(), BarEvening.LOC_ID, taps, workDir,
                    time.clock(), config.seed());
            for (int i = 0; i < taps.size(); i++) {
                TapPlan tap = taps.get(i);
                night.scales.add(Scales.build(tap, BarEvening.LOC_ID, kegs.get(tap.tapNumber()),
                        workDir.resolve("scales").resolve(tap.deviceId()), cloud.broker().uri(), time,
                        config.duration().toSeconds(), config.seed() * 1_000 + i, night.ledger));
            }
            return night;
        } catch (RuntimeException e) {
            night.close();
            throw e;
        }
    }

    /**
     * Plays the evening: starts the scales and the clock, injects the faults on schedule, calls
     * {@code onFrame} about every {@code frameEvery} (real), then stops the scales once everything
     * they accepted is delivered and the sink is idle.
     *
     * @throws NotSettledException if delivery did not finish within three real minutes
     */
    public void run(Consumer<BarNight> onFrame, Duration frameEvery) {
        time.start(); // an agent's start waits for its first sample: the evening's time must run
        scales.forEach(DemoScale::start);
        FaultSchedule faults = new FaultSchedule(config.faults(), this);
        long durationNanos = config.duration().toNanos();
        while (!scales.stream().allMatch(DemoScale::eveningOver)) {
            SignalStop.checkNotStopped();
            note(faults.runDue(time.simNanos() / (double) durationNanos));
            onFrame.accept(this);
            LockSupport.parkNanos(frameEvery.toNanos());
        }
        note(faults.runRest());
        settle(onFrame);
    }

    private void settle(Consumer<BarNight> onFrame) {
        brokerOps.shutdown();
        Waits.until(brokerOps::isTerminated, SETTLE_LIMIT, "the broker back up");
        scales.forEach(DemoScale::restart); // the batchers seal what is left within 5 simulated minutes
        Waits.until(() -> {
            onFrame.accept(this);
            return scales.stream().allMatch(DemoScale::drained);
        }, SETTLE_LIMIT, "every outbox delivered to the broker");
        // every copy of a batch the broker acknowledged reaches the rule's session: wait until the sink has handled each
        // payload as often as it was published, not for a quiet spell alone (on a busy machine the rule's redelivery
        // after a sink crash can pause longer than the spell) nor for a total (a batch the broker took whose ack its
        // scale never saw arrives once more than counted, and a total reached so let a duplicate still queued be missed)
        Map<ByteBuffer, Long> published = Stream.concat(injected.stream(), scales.stream()
                        .flatMap(s -> s.delivered().stream()).filter(d -> d.topic().endsWith("/" + Topics.BATCHES))
                        .map(Delivered::payload))
                .collect(Collectors.groupingBy(ByteBuffer::wrap, Collectors.counting()));
        Waits.until(() -> published.entrySet().stream()
                        .allMatch(b -> cloud.rule().handledCopies(b.getKey().array()) >= b.getValue()), SETTLE_LIMIT,
                "the sink to handle every copy of the " + published.size() + " batches published");
        Waits.until(() -> cloud.rule().connected() && cloud.rule().idleNanos() > SINK_IDLE.toNanos(), SETTLE_LIMIT,
                "the sink idle for " + SINK_IDLE.toSeconds() + " s");
        scales.forEach(DemoScale::stop);
        timeline.add(clockText() + " evening over, every outbox delivered");
    }

    private void note(List<FaultSchedule.Step> steps) {
        steps.forEach(s -> {
            timeline.add(clockText() + " " + s.what());
            LOG.info("fault step: {}", s.what());
        });
    }

    /** Every check of every tap (see {@link Verification}). */
    public List<Check> verify() {
        Verification v = new Verification(cloud.tables().client(), cloud.tables().names(),
                new Verification.Rules(BAR_ZONE, LocalTime.of(6, 0), 15, BarSetup.GRACE_PERIOD_SECS));
        List<Check> checks = new ArrayList<>();
        taps.forEach(tap -> checks.addAll(v.check(BarEvening.LOC_ID, tap, ledger)));
        return checks;
    }

    /** Writes each keg's stored level over the evening, read back from the keg readings store. */
    public void writeChart(Path file) {
        StoredReadings stored = new StoredReadings(cloud.tables().client(), cloud.tables().names());
        List<KegChart.Series> series = new ArrayList<>();
        for (DemoScale s : scales) {
            List<KegChart.Point> points = stored.kegReadings(s.kegId(), s.tap().tapId(BarEvening.LOC_ID)).stream()
                    .filter(r -> r.levelPct() != null)
                    .sorted(java.util.Comparator.comparingLong(StoredReadings.Stored::timestampMs))
                    .map(r -> new KegChart.Point(r.timestampMs(), r.levelPct())).toList();
            series.add(new KegChart.Series("TAP " + s.tap().tapNumber() + " " + s.tap().beerName(), points));
        }
        KegChart.write(file, "Keg levels, Demo Taproom (loc-001), from the keg readings store", series,
                config.eveningStartMs(), config.eveningStartMs() + config.duration().toMillis(), BAR_ZONE, 15);
    }

    String clockText() {
        return Instant.ofEpochMilli(time.millis()).atZone(BAR_ZONE).toLocalTime().withNano(0).toString();
    }

    @Override
    public void brokerDown() {
        brokerOps.execute(() -> cloud.broker().stop());
    }

    @Override
    public void brokerUp() {
        brokerOps.execute(() -> cloud.broker().start());
    }

    @Override
    public void crashSink(int batches) {
        cloud.store().crashNext(batches);
    }

    @Override
    public void killAgent() {
        victim().kill();
    }

    @Override
    public void restartAgent() {
        victim().restart();
    }

    /** The second scale when there is one: tap 02's small keg makes the most of the evening. */
    private DemoScale victim() {
        return scales.get(Math.min(1, scales.size() - 1));
    }

    @Override
    public void resendDelivered(int perScale) {
        // Queued behind any broker stop or start still under way: on a busy machine the restart
        // of the 33 % step can still be running at 75 %, and the resend would find no broker.
        Future<?> resend = brokerOps.submit(() -> publishAgain(perScale));
        try {
            resend.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof DemoException d ? d
                    : new DemoException("duplicate batches could not be published", e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DemoException("interrupted while sending duplicate batches", e);
        }
    }

    private void publishAgain(int perScale) {
        try {
            MqttClient client = new MqttClient(cloud.broker().uri().toString(), "duplicate-injector",
                    new MemoryPersistence());
            MqttConnectOptions options = new MqttConnectOptions();
            options.setCleanSession(true);
            client.connect(options);
            for (DemoScale s : scales) {
                List<Delivered> batches = s.delivered().stream().filter(d -> d.topic().endsWith("/batches")).toList();
                for (Delivered d : batches.subList(Math.max(0, batches.size() - perScale), batches.size())) {
                    client.publish(d.topic(), d.payload(), 1, false);
                    injected.add(d.payload());
                }
            }
            client.disconnect(5_000);
            client.close();
        } catch (MqttException e) {
            throw new DemoException("duplicate batches could not be published", e);
        }
    }

    /** Duplicate batches published so far by {@link #resendDelivered}. */
    public int injectedCopies() {
        return injected.size();
    }

    public DemoConfig config() {
        return config;
    }

    public SimClock time() {
        return time;
    }

    public LocalCloud cloud() {
        return cloud;
    }

    public List<DemoScale> scales() {
        return scales;
    }

    public List<TapPlan> taps() {
        return taps;
    }

    public Ledger ledger() {
        return ledger;
    }

    /** What happened when, in bar time. */
    public List<String> timeline() {
        return List.copyOf(timeline);
    }

    @Override
    public void close() {
        brokerOps.shutdownNow();
        scales.forEach(DemoScale::stop);
        cloud.close();
    }
}
