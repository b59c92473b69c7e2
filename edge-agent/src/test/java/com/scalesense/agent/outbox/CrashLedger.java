package com.scalesense.agent.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** What the killed writers promised (their stdout), and the check of the outbox against it. */
final class CrashLedger {

    private final Set<Long> acknowledged = new HashSet<>();
    /** batch_id → sha256 of the payload, from every S and P line: one id must never have two contents. */
    private final Map<String, String> hashes = new HashMap<>();
    /** batch_id → payload of batches handed to the broker (P lines). */
    private final Map<String, String> published = new HashMap<>();

    void record(String line) {
        String[] f = line.split(" ");
        switch (f[0]) {
            case "A" -> acknowledged.add(Long.parseLong(f[1]));
            case "S" -> sameContent(f[1], f[2]);
            case "P" -> {
                sameContent(f[1], f[2]);
                published.put(f[1], f[3]);
            }
            default -> { } // READY, C (seal conflict), or a line cut by the kill
        }
    }

    int acknowledgedCount() {
        return acknowledged.size();
    }

    private void sameContent(String batchId, String hash) {
        String before = hashes.putIfAbsent(batchId, hash);
        assertThat(before).as("content of batch %s", batchId).isIn(null, hash);
    }

    /**
     * Checks the reopened outbox: sealed batches are byte-identical to what was printed, no
     * sequence lies in two batches, every acknowledged sequence is present once, except at
     * most {@code dropped} of them.
     */
    void check(Outbox box) {
        Map<Long, Integer> seen = new HashMap<>();
        Map<Long, String> batchOf = new HashMap<>();
        for (PendingEntry p : box.pending(Integer.MAX_VALUE)) {
            seen.merge(CrashWriter.seqOf(p.entry().body()), 1, Integer::sum);
        }
        Map<String, String> batches = new HashMap<>(published);
        for (SealedBatch b : box.oldest(Integer.MAX_VALUE)) {
            sameContent(b.batchId(), CrashWriter.sha256(b.payload()));
            batches.put(b.batchId(), new String(b.payload(), StandardCharsets.UTF_8));
        }
        for (Map.Entry<String, String> b : batches.entrySet()) {
            for (long seq : parse(b.getValue())) {
                String other = batchOf.put(seq, b.getKey());
                assertThat(other).as("sequence %d in two batches", seq).isIn(null, b.getKey());
                seen.merge(seq, 1, Integer::sum);
            }
        }
        seen.forEach((seq, n) -> assertThat(n).as("copies of sequence %d", seq).isEqualTo(1));
        long missing = acknowledged.stream().filter(s -> !seen.containsKey(s)).count();
        System.out.printf("crash ledger: %d acknowledged appends, %d batch ids seen, %d published, %d pending now,"
                + " %d missing, %d dropped by the bound%n", acknowledged.size(), hashes.size(), published.size(),
                box.status().pendingEntries(), missing, box.status().droppedEntries());
        assertThat(missing).as("acknowledged sequences missing").isLessThanOrEqualTo(box.status().droppedEntries());
    }

    private static List<Long> parse(String seqs) {
        return Arrays.stream(seqs.split(",")).map(Long::parseLong).toList();
    }
}
