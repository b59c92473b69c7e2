package com.scalesense.agent.uplink;

import com.scalesense.agent.AgentException;
import com.scalesense.agent.outbox.BatchQueue;
import com.scalesense.agent.outbox.SealedBatch;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A BatchQueue with the outbox's semantics and none of its durability: oldest() peeks without
 * removing, in insertion order; only acknowledge() removes. Counts every acknowledge per batch_id
 * so tests can prove "exactly once", and can fail the next acknowledge like a broken disk would.
 */
final class InMemoryBatchQueue implements BatchQueue {

    private final Map<String, SealedBatch> pending = new LinkedHashMap<>();
    private final Map<String, Integer> acknowledgements = new ConcurrentHashMap<>();
    private boolean failNextAcknowledge;

    synchronized void add(SealedBatch batch) {
        pending.put(batch.batchId(), batch);
    }

    @Override
    public synchronized List<SealedBatch> oldest(int max) {
        return new ArrayList<>(pending.values()).subList(0, Math.min(max, pending.size()));
    }

    @Override
    public synchronized void acknowledge(String batchId) {
        if (failNextAcknowledge) {
            failNextAcknowledge = false;
            throw new AgentException("injected: outbox write failed");
        }
        acknowledgements.merge(batchId, 1, Integer::sum);
        pending.remove(batchId);
    }

    /** What the durable outbox does to the oldest batch when its space runs out. */
    synchronized void drop(String batchId) {
        pending.remove(batchId);
    }

    synchronized void failNextAcknowledge() {
        failNextAcknowledge = true;
    }

    synchronized int size() {
        return pending.size();
    }

    /** How many times each batch_id was acknowledged. */
    Map<String, Integer> acknowledgements() {
        return Map.copyOf(acknowledgements);
    }
}
