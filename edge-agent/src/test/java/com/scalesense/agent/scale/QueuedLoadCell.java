package com.scalesense.agent.scale;

import com.scalesense.hal.HalException;
import com.scalesense.hal.LoadCell;
import com.scalesense.hal.RawSample;
import com.scalesense.hal.SampleRate;
import com.scalesense.hal.SampleStatus;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * A load cell whose samples the test hands in, as the HX711 driver's ring gets them from the chip:
 * {@link #drain} takes every sample waiting, the first waited for (in steps of 100 ms, up to the
 * wait) as {@link #read} does. Keeps the size of each drain, so a test sees which samples were
 * taken together. {@link #close} wakes a waiting drain, which then throws, as the driver's does.
 */
final class QueuedLoadCell implements LoadCell {

    private final ArrayDeque<RawSample> waiting = new ArrayDeque<>();
    private final List<Integer> drains = new ArrayList<>();
    private boolean closed;

    /** The samples come from the chip, in this order. */
    synchronized void offer(List<RawSample> samples) {
        waiting.addAll(samples);
        notifyAll();
    }

    /** The size of each drain that brought samples, in order. */
    synchronized List<Integer> drains() {
        return List.copyOf(drains);
    }

    @Override
    public RawSample read(Duration timeout) throws InterruptedException {
        List<RawSample> one = new ArrayList<>(1);
        drain(one, 1, timeout);
        return one.get(0);
    }

    @Override
    public synchronized int drain(List<RawSample> into, int max, Duration wait) throws InterruptedException {
        for (long step = 0; step < wait.toMillis() / 100 && waiting.isEmpty() && !closed; step++) {
            wait(100);
        }
        if (waiting.isEmpty()) {
            if (closed) {
                throw new HalException("queued load cell is closed");
            }
            into.add(new RawSample(0, 0, 0, SampleStatus.NOT_READY));
            return 1;
        }
        int n = Math.min(max, waiting.size());
        for (int i = 0; i < n; i++) {
            into.add(waiting.poll());
        }
        drains.add(n);
        return n;
    }

    @Override
    public SampleRate rate() {
        return SampleRate.SPS_10;
    }

    @Override
    public synchronized void close() {
        closed = true;
        notifyAll();
    }
}
