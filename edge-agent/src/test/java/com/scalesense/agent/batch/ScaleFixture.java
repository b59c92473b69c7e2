package com.scalesense.agent.batch;

import static org.assertj.core.api.Assertions.assertThat;

import com.scalesense.agent.clock.SyncWatch;
import com.scalesense.agent.clock.TimeSync;
import com.scalesense.agent.outbox.Outbox;
import com.scalesense.agent.outbox.OutboxConfig;
import com.scalesense.agent.outbox.Outboxes;
import com.scalesense.agent.outbox.SealedBatch;
import com.scalesense.protocol.KegState;
import com.scalesense.protocol.MessageValidator;
import com.scalesense.protocol.Reading;
import com.scalesense.protocol.ReadingsBatch;
import com.scalesense.protocol.SensorStatus;
import com.scalesense.protocol.TareStatus;
import com.scalesense.protocol.WireCodec;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** One scale's durable core on a real outbox file, driven by a {@link SteppingClock}. */
final class ScaleFixture implements AutoCloseable {

    static final String BOOT = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
    static final BatchContext KEG_A = new BatchContext("AA:BB:CC:DD:EE:FF", "SCALE-0042", BOOT, "1.0.16",
            "loc-001", "loc-001#TAP#07", "keg-20261120-ab12");
    static final BatchContext KEG_B = KEG_A.withKeg("keg-20261121-cd34");
    /** 2026-11-22T02:00:00Z. */
    static final long T0 = 1_795_312_800_000L;

    final SteppingClock clock;
    final Outbox outbox;
    final WireCodec codec = new WireCodec();
    final Recorder recorder;
    final Batcher batcher;
    final SealNow sealNow = new SealNow();

    /**
     * The batching the mechanism tests were written for (a 60 s max delay, the default before
     * issue 18), so their figures stay readable; {@link BatcherConfig#defaults()} is tested apart.
     */
    static final BatcherConfig MECHANISM = new BatcherConfig(BatcherConfig.MAX_READINGS, Duration.ofSeconds(60),
            Duration.ofMinutes(10), 8);

    ScaleFixture(Path file, TimeSync sync, SteppingClock clock) {
        this(file, sync, clock, MECHANISM);
    }

    ScaleFixture(Path file, TimeSync sync, SteppingClock clock, BatcherConfig config) {
        this.clock = clock;
        this.outbox = Outboxes.open(OutboxConfig.at(file), clock);
        this.recorder = new Recorder(outbox, codec);
        this.batcher = new Batcher(outbox, codec, new SyncWatch(sync, clock, clock::monoMs), config, BOOT, sealNow);
    }

    /** A good reading stamped with the wall clock now, taken at the monotonic clock now. */
    long read(BatchContext ctx, boolean synced) {
        return recorder.record(ctx, reading(clock.millis(), synced), clock.monoMs());
    }

    static Reading reading(long ts, boolean synced) {
        return new Reading(ts, 62.5, 9.69, 112.4, 77.5, 1.2, 8.1, 4.05, 88.0, 4.5, Map.of("hx711", SensorStatus.OK),
                synced, KegState.STABLE, TareStatus.COMPLETE);
    }

    /** Every sealed batch, decoded, each checked by the protocol's validator. */
    List<ReadingsBatch> batches() {
        MessageValidator validator = new MessageValidator();
        List<SealedBatch> sealed = outbox.oldest(Integer.MAX_VALUE);
        List<ReadingsBatch> out = sealed.stream().map(s -> codec.decodeBatch(s.payload())).toList();
        for (int i = 0; i < out.size(); i++) {
            assertThat(validator.check(out.get(i))).as("violations of %s", out.get(i).batchId()).isEmpty();
            assertThat(out.get(i).batchId()).isEqualTo(sealed.get(i).batchId());
        }
        return out;
    }

    @Override
    public void close() {
        outbox.close();
    }
}
