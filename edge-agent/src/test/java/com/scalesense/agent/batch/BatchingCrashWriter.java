package com.scalesense.agent.batch;

import com.scalesense.agent.clock.FixedTimeSync;
import com.scalesense.agent.clock.SyncWatch;
import com.scalesense.agent.outbox.Outbox;
import com.scalesense.agent.outbox.OutboxConfig;
import com.scalesense.agent.outbox.Outboxes;
import com.scalesense.agent.outbox.SealedBatch;
import com.scalesense.protocol.KegState;
import com.scalesense.protocol.Reading;
import com.scalesense.protocol.SensorStatus;
import com.scalesense.protocol.TareStatus;
import com.scalesense.protocol.WireCodec;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;

/**
 * The process {@link BatcherCrashIT} kills: the whole durable core (recorder, outbox, batcher)
 * writing as fast as it can. Every run is the same boot and restarts its wall clock at the
 * same instant, so each restart steps the clock back. A reading carries its sequence number as
 * an extra sensor name (see {@link #reading}). Prints only after the call returned:
 * <pre>
 * A seq                 the reading is recorded (durable)
 * P batch_id base64     about to acknowledge this sealed batch (published)
 * </pre>
 * Arguments: outbox file, run number.
 */
public final class BatchingCrashWriter {

    private BatchingCrashWriter() {
    }

    public static void main(String[] args) {
        long run = Long.parseLong(args[1]);
        WireCodec codec = new WireCodec();
        long[] now = {ScaleFixture.T0};
        try (Outbox box = Outboxes.open(OutboxConfig.at(Path.of(args[0])), java.time.Clock.systemUTC())) {
            Recorder recorder = new Recorder(box, codec);
            Batcher batcher = new Batcher(box, codec, new SyncWatch(FixedTimeSync.SYNCED,
                    java.time.Clock.systemUTC(), () -> now[0]), new BatcherConfig(10, Duration.ZERO, Duration.ZERO, 1000),
                    ScaleFixture.BOOT);
            System.out.println("READY");
            for (long i = 0; i < 1_000_000; i++) {
                long seq = run * 1_000_000 + i;
                recorder.record(ScaleFixture.KEG_A, reading(now[0], seq), now[0]);
                System.out.println("A " + seq);
                now[0] += 1000;
                if (i % 5 == 4) {
                    batcher.tick(false);
                }
                if (i % 7 == 6) {
                    for (SealedBatch b : box.oldest(1)) {
                        System.out.println("P " + b.batchId() + " " + Base64.getEncoder().encodeToString(b.payload()));
                        box.acknowledge(b.batchId());
                    }
                }
            }
        }
    }

    /**
     * A reading that carries its sequence number as the name of an extra sensor ({@code seq<n>}):
     * a field with no physical range, so any number of runs stays within the protocol's rules
     * (pints_left carried it before, and the protocol bounds pints at 1200).
     */
    static Reading reading(long ts, long seq) {
        return new Reading(ts, 62.5, 9.69, 112.4, 77.5, 1.2, 8.1, 4.05, 88.0, 4.5,
                Map.of("hx711", SensorStatus.OK, SEQ + seq, SensorStatus.OK), true, KegState.STABLE,
                TareStatus.COMPLETE);
    }

    /** The sequence number {@link #reading} put in. */
    static long seqOf(Reading reading) {
        return reading.sensorStatus().keySet().stream().filter(k -> k.startsWith(SEQ))
                .mapToLong(k -> Long.parseLong(k.substring(SEQ.length()))).findFirst().orElseThrow();
    }

    private static final String SEQ = "seq";
}
