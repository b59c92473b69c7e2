package com.scalesense.agent.uplink;

import com.scalesense.agent.outbox.BatchQueue;
import com.scalesense.agent.outbox.SealedBatch;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Passes everything to a real queue and counts acknowledge calls per batch_id, to prove "exactly once". */
final class CountingQueue implements BatchQueue {

    private final BatchQueue real;
    private final Map<String, Integer> acknowledgements = new ConcurrentHashMap<>();

    CountingQueue(BatchQueue real) {
        this.real = real;
    }

    @Override
    public List<SealedBatch> oldest(int max) {
        return real.oldest(max);
    }

    @Override
    public void acknowledge(String batchId) {
        acknowledgements.merge(batchId, 1, Integer::sum);
        real.acknowledge(batchId);
    }

    Map<String, Integer> acknowledgements() {
        return Map.copyOf(acknowledgements);
    }
}
