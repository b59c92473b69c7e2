package com.scalesense.agent.scale;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * The sampling thread's taps of one kind (live samples or raw ones). A tap sees no sample taken
 * before it was attached, although the thread takes samples in bursts (issue 18): a tap attached
 * before drain {@code d} began is shown samples from drain {@code d + 1} on, so the samples that
 * were already waiting go to the pipeline alone (a calibration point must not average the
 * second before the technician asked for it). Removing a tap takes effect at once.
 */
final class Taps<T> {

    private record Pending<T>(Consumer<T> tap, long drainsBefore) {
    }

    private final List<Consumer<T>> active = new CopyOnWriteArrayList<>();
    private final List<Pending<T>> pending = new ArrayList<>();

    /** @param drainsBegun drains the sampling thread has begun so far */
    synchronized void add(Consumer<T> tap, long drainsBegun) {
        pending.add(new Pending<>(tap, drainsBegun));
    }

    synchronized void remove(Consumer<T> tap) {
        pending.removeIf(p -> p.tap() == tap);
        active.remove(tap);
    }

    /** After drain {@code drain} was processed: the taps attached before it began see samples from now on. */
    synchronized void activate(long drain) {
        for (Iterator<Pending<T>> it = pending.iterator(); it.hasNext(); ) {
            Pending<T> p = it.next();
            if (p.drainsBefore() < drain) {
                active.add(p.tap());
                it.remove();
            }
        }
    }

    /** True while a tap is attached, shown samples or not yet. */
    synchronized boolean any() {
        return !active.isEmpty() || !pending.isEmpty();
    }

    /** True while a tap is shown samples. */
    boolean showing() {
        return !active.isEmpty();
    }

    void show(T sample) {
        if (active.isEmpty()) { // every sample comes here: no iterator and no lambda when nobody watches
            return;
        }
        for (Consumer<T> tap : active) {
            tap.accept(sample);
        }
    }
}
