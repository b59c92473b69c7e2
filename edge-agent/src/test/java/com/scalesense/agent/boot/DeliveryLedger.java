package com.scalesense.agent.boot;

import com.scalesense.agent.sim.AcceptedRecord;

import com.scalesense.protocol.Reading;
import com.scalesense.protocol.ReadingsBatch;
import com.scalesense.protocol.WireCodec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Compares what the agent accepted (the readings of its accepted log) with what reached the broker.
 * A reading's key is {@code boot_id timestamp_ms}; accepted keys are normalised as the batcher
 * does (within a boot, a timestamp not after the previous one moves to previous + 1 ms).
 */
final class DeliveryLedger {

    final Set<String> accepted = new LinkedHashSet<>();
    final Map<String, String> batchOfReading = new HashMap<>();
    final Map<String, String> payloadOfBatch = new HashMap<>();
    final List<String> problems = new ArrayList<>();

    DeliveryLedger(Path acceptedLog, List<String> payloads) throws IOException {
        Map<String, Long> previous = new HashMap<>();
        // A line cut by SIGKILL mid-write is not a record (readAll skips it).
        for (AcceptedRecord r : AcceptedRecord.readAll(acceptedLog)) {
            if (r.event()) {
                continue;
            }
            long ts = r.reading().timestampMs();
            Long prev = previous.get(r.bootId());
            long normal = prev == null ? ts : Math.max(ts, prev + 1);
            previous.put(r.bootId(), normal);
            accepted.add(r.bootId() + " " + normal);
        }
        WireCodec codec = new WireCodec();
        for (String payload : payloads) {
            ReadingsBatch batch = codec.decodeBatch(payload.getBytes(StandardCharsets.UTF_8));
            String earlier = payloadOfBatch.putIfAbsent(batch.batchId(), payload);
            if (earlier != null && !earlier.equals(payload)) {
                problems.add("batch " + batch.batchId() + " arrived twice with different content");
            }
            if (earlier != null) {
                continue; // an at-least-once redelivery of the same batch: the sink drops it by batch_id
            }
            for (Reading r : batch.readings()) {
                String key = batch.bootId() + " " + r.timestampMs();
                String other = batchOfReading.putIfAbsent(key, batch.batchId());
                if (other != null) {
                    problems.add("reading " + key + " in two batches: " + other + " and " + batch.batchId());
                }
            }
        }
    }

    /** Accepted readings that never reached the broker. */
    Set<String> missing() {
        Set<String> m = new LinkedHashSet<>(accepted);
        m.removeAll(batchOfReading.keySet());
        return m;
    }

    /**
     * Readings at the broker that the log does not list: none, since a boot adds the lines a
     * SIGKILL cut off (appended to the outbox, killed before the line) from its outbox.
     */
    Set<String> unlisted() {
        Set<String> u = new HashSet<>(batchOfReading.keySet());
        u.removeAll(accepted);
        return u;
    }
}
