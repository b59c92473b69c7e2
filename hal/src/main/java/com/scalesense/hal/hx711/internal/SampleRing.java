package com.scalesense.hal.hx711.internal;

import com.scalesense.hal.RawSample;
import com.scalesense.hal.SampleStatus;

import java.util.List;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A bounded FIFO of samples between the sampling thread and readers, kept in primitive arrays so
 * that {@link #put} allocates nothing. When full, {@link #put} overwrites the oldest sample and
 * counts it in {@link #dropped()}: fresh readings matter more than stale ones on a keg scale.
 */
public final class SampleRing {

    private static final SampleStatus[] STATUSES = SampleStatus.values();

    private final int[] values;
    private final long[] nanos;
    private final long[] wallMillis;
    private final byte[] statuses;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition notEmpty = lock.newCondition();
    private int head;
    private int size;
    private long dropped;
    private boolean closed;

    public SampleRing(int capacity) {
        values = new int[capacity];
        nanos = new long[capacity];
        wallMillis = new long[capacity];
        statuses = new byte[capacity];
    }

    /** Appends one sample, dropping the oldest if the ring is full. */
    public void put(int value, long monotonicNanos, long wall, SampleStatus status) {
        lock.lock();
        try {
            int capacity = values.length;
            if (size == capacity) {
                head = (head + 1) % capacity;
                size--;
                dropped++;
            }
            int tail = (head + size) % capacity;
            values[tail] = value;
            nanos[tail] = monotonicNanos;
            wallMillis[tail] = wall;
            statuses[tail] = (byte) status.ordinal();
            size++;
            notEmpty.signal();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Takes the oldest sample, waiting up to {@code timeoutNanos}.
     *
     * @return the sample, or {@code null} if none arrived in time or the ring was closed while empty
     */
    public RawSample take(long timeoutNanos) throws InterruptedException {
        lock.lockInterruptibly();
        try {
            return awaitNotEmpty(timeoutNanos) ? takeHead() : null;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Takes the samples waiting, oldest first, at most {@code max}; if none is waiting, waits up to
     * {@code timeoutNanos} for the first (no longer once the ring is closed).
     *
     * @return how many samples were added to {@code into}, 0 if none came in time
     */
    public int drainTo(List<RawSample> into, int max, long timeoutNanos) throws InterruptedException {
        lock.lockInterruptibly();
        try {
            if (!awaitNotEmpty(timeoutNanos)) {
                return 0;
            }
            int n = Math.min(size, max);
            for (int i = 0; i < n; i++) {
                into.add(takeHead());
            }
            return n;
        } finally {
            lock.unlock();
        }
    }

    /** Under the lock: waits up to {@code timeoutNanos} for a sample; false if none came or the ring closed empty. */
    private boolean awaitNotEmpty(long timeoutNanos) throws InterruptedException {
        long remaining = timeoutNanos;
        while (size == 0) {
            if (remaining <= 0 || closed) {
                return false;
            }
            remaining = notEmpty.awaitNanos(remaining);
        }
        return true;
    }

    /** Under the lock, with a sample waiting: removes and returns the oldest. */
    private RawSample takeHead() {
        RawSample sample = new RawSample(values[head], nanos[head], wallMillis[head], STATUSES[statuses[head]]);
        head = (head + 1) % values.length;
        size--;
        return sample;
    }

    /** Samples overwritten before anyone read them, since creation. */
    public long dropped() {
        lock.lock();
        try {
            return dropped;
        } finally {
            lock.unlock();
        }
    }

    /** Samples waiting to be read. */
    public int size() {
        lock.lock();
        try {
            return size;
        } finally {
            lock.unlock();
        }
    }

    /** Marks the ring closed and wakes every waiting reader; samples already in it stay readable. */
    public void close() {
        lock.lock();
        try {
            closed = true;
            notEmpty.signalAll();
        } finally {
            lock.unlock();
        }
    }
}
