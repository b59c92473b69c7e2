package com.scalesense.agent.batch;

import static org.assertj.core.api.Assertions.assertThat;

import com.scalesense.agent.outbox.Outbox;
import com.scalesense.agent.outbox.CrashHarness;
import com.scalesense.agent.outbox.EntryKind;
import com.scalesense.agent.outbox.OutboxConfig;
import com.scalesense.agent.outbox.Outboxes;
import com.scalesense.agent.outbox.PendingEntry;
import com.scalesense.agent.outbox.SealedBatch;
import com.scalesense.protocol.BatchId;
import com.scalesense.protocol.MessageValidator;
import com.scalesense.protocol.Reading;
import com.scalesense.protocol.ReadingsBatch;
import com.scalesense.protocol.WireCodec;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole durable core under SIGKILL: recorder, outbox and batcher in a killed process whose
 * wall clock steps back at every restart within one boot. Afterwards every batch is valid,
 * windows never overlap, no id carries two contents and every recorded reading is in exactly
 * one place.
 */
class BatcherCrashIT {

    private static final int KILLS = CrashHarness.kills(25, 0.5);
    private static final long SEED = CrashHarness.SEED;

    @TempDir
    Path dir;

    @Test
    void batches_stay_valid_unique_and_complete_across_sigkills_and_clock_steps() throws Exception {
        // given
        Path file = dir.resolve("outbox.journal");
        Set<Long> recorded = new HashSet<>();
        Map<String, byte[]> published = new HashMap<>();
        CrashHarness harness = new CrashHarness(dir, BatchingCrashWriter.class, List.of(file.toString()), SEED);
        // when
        for (int run = 1; run <= KILLS; run++) {
            harness.killOnce(run, line -> {
                String[] f = line.split(" ");
                if (f[0].equals("A")) {
                    recorded.add(Long.parseLong(f[1]));
                } else if (f[0].equals("P") && f.length == 3) {
                    byte[] payload = Base64.getDecoder().decode(f[2]);
                    byte[] before = published.putIfAbsent(f[1], payload);
                    assertThat(before == null || java.util.Arrays.equals(before, payload)).as("content of %s", f[1]).isTrue();
                }
            });
        }
        // then
        WireCodec codec = new WireCodec();
        Map<String, byte[]> batches = new HashMap<>(published);
        Map<Long, Integer> seen = new HashMap<>();
        try (Outbox box = Outboxes.open(OutboxConfig.at(file), Clock.systemUTC())) {
            for (SealedBatch b : box.oldest(Integer.MAX_VALUE)) {
                byte[] before = batches.putIfAbsent(b.batchId(), b.payload());
                assertThat(before == null || java.util.Arrays.equals(before, b.payload())).as("content of %s", b.batchId()).isTrue();
            }
            for (PendingEntry p : box.pending(Integer.MAX_VALUE)) {
                assertThat(p.entry().kind()).isEqualTo(EntryKind.READING);
                seen.merge(BatchingCrashWriter.seqOf(codec.decode(p.entry().body(), Reading.class)), 1, Integer::sum);
            }
        }
        List<BatchId> windows = new ArrayList<>();
        MessageValidator validator = new MessageValidator();
        for (Map.Entry<String, byte[]> e : batches.entrySet()) {
            ReadingsBatch batch = codec.decodeBatch(e.getValue());
            assertThat(validator.check(batch)).as("violations of %s", e.getKey()).isEmpty();
            assertThat(batch.batchId()).isEqualTo(e.getKey());
            windows.add(BatchId.parse(batch.batchId()));
            batch.readings().forEach(r -> seen.merge(BatchingCrashWriter.seqOf(r), 1, Integer::sum));
        }
        windows.sort(Comparator.comparingLong(BatchId::windowStartMs));
        for (int i = 1; i < windows.size(); i++) {
            assertThat(windows.get(i).windowStartMs()).as("window after %s", windows.get(i - 1))
                    .isGreaterThan(windows.get(i - 1).windowEndMs());
        }
        seen.forEach((seq, n) -> assertThat(n).as("copies of reading %d", seq).isEqualTo(1));
        assertThat(seen.keySet()).containsAll(recorded);
        System.out.printf("batcher crash test: %d SIGKILLs (seed %d), %d readings recorded, %d batches, %d published%n",
                KILLS, SEED, recorded.size(), batches.size(), published.size());
    }
}
