package com.scalesense.sink.store.dynamo;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts write units as DynamoDB would bill them, from the items written ({@link ItemSize}), and
 * the units DynamoDB itself reported (ReturnConsumedCapacity), so a benchmark can print both.
 * Thread-safe. Units are write capacity units (WCU); 1 standard write of ≤ 1 KB = 1 unit.
 */
public final class WriteMeter {

    private final AtomicLong computed = new AtomicLong();
    private final AtomicLong reported = new AtomicLong();
    private final AtomicLong items = new AtomicLong();

    /** One item write of {@code bytes}; {@code transactional} doubles its cost. */
    void item(int bytes, boolean transactional) {
        item(bytes, transactional, 0);
    }

    /**
     * One item write plus {@code indexWrites} writes to global secondary indexes (an index whose
     * key value changes costs two: delete the old entry, put the new; DynamoDB Developer Guide,
     * "Provisioned throughput considerations for GSIs").
     */
    void item(int bytes, boolean transactional, int indexWrites) {
        items.incrementAndGet();
        computed.addAndGet((long) ItemSize.writeUnits(bytes) * (transactional ? 2 : 1) + indexWrites);
    }

    void reported(Double units) {
        if (units != null) {
            reported.addAndGet(Math.round(units * 1000));
        }
    }

    public long computedUnits() {
        return computed.get();
    }

    /** Units DynamoDB reported, or 0 when the engine does not report consumed capacity. */
    public double reportedUnits() {
        return reported.get() / 1000.0;
    }

    public long itemWrites() {
        return items.get();
    }

    public void reset() {
        computed.set(0);
        reported.set(0);
        items.set(0);
    }
}
