package com.scalesense.agent.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.scalesense.agent.batch.BatchContext;
import com.scalesense.agent.clock.FixedTimeSync;
import com.scalesense.agent.config.AgentConfig;
import com.scalesense.agent.config.AgentConfigLoader;
import com.scalesense.agent.config.ConfigKey;
import com.scalesense.agent.config.ConfigSource;
import com.scalesense.agent.outbox.Outbox;
import com.scalesense.agent.outbox.Outboxes;
import com.scalesense.control.ControlClient;
import com.scalesense.agent.pipeline.calibration.Calibration;
import com.scalesense.agent.pipeline.calibration.CalibrationQuality;
import com.scalesense.agent.pipeline.keg.KegProfile;
import com.scalesense.agent.pipeline.keg.KegType;
import com.scalesense.agent.pipeline.keg.Tare;
import com.scalesense.agent.scale.OutboxSink;
import com.scalesense.agent.scale.ScriptedLoadCell;
import com.scalesense.agent.scale.Sensors;
import com.scalesense.agent.sim.PacedLoadCell;
import com.scalesense.agent.sim.ScaledTime;
import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.Reading;
import com.scalesense.protocol.WireCodec;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one way an agent is built ({@link ScaleAgent#builder}), as {@code Main}, the demo and the
 * tests use it: a load cell and clocks in, the accepted-record hook and the first keg set, and a
 * halt that leaves the outbox as a crash would. An offline agent on a scripted cell at 20x.
 */
class AgentBuilderIT {

    private static final double SPEED = 20;
    private static final Duration LIMIT = Duration.ofMinutes(1);
    private static final KegProfile FIRST_KEG = new KegProfile("keg-20261122-001", null, KegType.SIXTH_BARREL, 1.012,
            Tare.PENDING);

    @TempDir
    Path dir;

    /** Every record the outbox took, as the hook was told it. */
    private final List<Told> told = new CopyOnWriteArrayList<>();

    private record Told(BatchContext ctx, Reading reading) {
    }

    @Test
    void the_accepted_hook_is_told_each_reading_with_this_boot_and_the_first_keg() throws Exception {
        // given an agent built with a hook and a first keg, on a scale that has stored nothing
        try (ScaleAgent agent = start(FIRST_KEG)) {
            // when 30 kg rests on the platform
            await().atMost(LIMIT).until(() -> told.size() >= 3);

            // then the hook hears of each reading under this boot and the first keg, as the outbox holds it
            assertThat(told).allSatisfy(t -> {
                assertThat(t.ctx().bootId()).isEqualTo(agent.bootId());
                assertThat(t.ctx().kegId()).isEqualTo(FIRST_KEG.kegId());
            });
            assertThat(agent.outboxStatus().pendingEntries() + agent.outboxStatus().sealedBatches()).isPositive();
            assertThat(new ControlClient(agent.controlSocket()).status().keg().kegType())
                    .isEqualTo(KegType.SIXTH_BARREL.wireName());
        }
    }

    @Test
    void a_stored_keg_wins_over_the_first_keg_at_the_next_start() throws Exception {
        // given a first start that stored the first keg, and a keg assigned over it
        try (ScaleAgent agent = start(FIRST_KEG)) {
            new ControlClient(agent.controlSocket()).assignKeg("keg-20261122-002", null, "half_barrel", 1.0);
        }
        // when the agent starts again, with a first keg again
        try (ScaleAgent agent = start(FIRST_KEG)) {
            // then the keg is the assigned one the store holds
            assertThat(new ControlClient(agent.controlSocket()).status().keg().kegId()).isEqualTo("keg-20261122-002");
        }
    }

    @Test
    void halt_leaves_the_readings_pending_and_the_next_boot_sends_them_under_the_halted_boot() throws Exception {
        // given an agent that accepted readings
        ScaleAgent first = start(FIRST_KEG);
        await().atMost(LIMIT).until(() -> told.size() >= 2);

        // when it halts, as at a power cut
        first.halt();
        first.halt(); // idempotent
        int accepted = told.size();

        // then nothing it accepted was lost: every reading is in the outbox, pending or in a sealed batch (the
        // batcher seals a keg's first batch at once, so some may already be sealed)
        assertThat(readingsHeld()).isGreaterThanOrEqualTo(accepted);
        // and the next boot starts on them
        try (ScaleAgent next = start(FIRST_KEG)) {
            assertThat(next.bootId()).isNotEqualTo(first.bootId());
            assertThat(next.outboxStatus().droppedEntries()).isZero();
        }
    }

    /** Pending entries plus the readings inside sealed batches, read from the outbox the halted agent left. */
    private long readingsHeld() {
        WireCodec codec = new WireCodec();
        try (Outbox outbox = Outboxes.open(config().outbox(), Clock.systemUTC())) {
            return outbox.pending(Integer.MAX_VALUE).size() + outbox.oldest(Integer.MAX_VALUE).stream()
                    .mapToLong(b -> codec.decodeBatch(b.payload()).readings().size()).sum();
        }
    }

    private AgentConfig config() {
        ConfigSource source = ConfigSource.load(Optional.empty(), true, Map.of())
                .override(ConfigKey.STATE_DIR, dir.toString(), "test")
                .override(ConfigKey.READING_INTERVAL, "1s", "test");
        return AgentConfigLoader.load(source, true);
    }

    private ScaleAgent start(KegProfile firstKeg) throws InterruptedException {
        AgentConfig config = config();
        ScaledTime time = new ScaledTime(Clock.systemUTC(), System::nanoTime, SPEED);
        ScriptedLoadCell cell = new ScriptedLoadCell(time.originWallMs());
        cell.load(30);
        Calibration factory = new Calibration(ScriptedLoadCell.ZERO_COUNTS, ScriptedLoadCell.COUNTS_PER_KG, List.of(), 0,
                CalibrationQuality.UNVERIFIED, 0, null, time.originWallMs());
        Sensors sensors = new Sensors(new PacedLoadCell(cell, time, PacedLoadCell.threadSleep()), null, null, factory,
                time.clock(), () -> time.monoNanos() / 1_000_000, FixedTimeSync.SYNCED, ScriptedLoadCell.NOISE_COUNTS);
        return ScaleAgent.builder(config, sensors)
                .random(new Random(told.size() + 7))
                .accepted(new OutboxSink.Accepted() {
                    @Override
                    public void reading(BatchContext ctx, Reading reading) {
                        told.add(new Told(ctx, reading));
                    }

                    @Override
                    public void event(BatchContext ctx, DeviceEvent event) {
                    }
                })
                .firstKeg(firstKeg)
                .start();
    }
}
