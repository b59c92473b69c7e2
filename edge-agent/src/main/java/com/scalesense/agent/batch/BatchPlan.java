package com.scalesense.agent.batch;

import com.scalesense.agent.outbox.EntryKind;
import com.scalesense.agent.outbox.PendingEntry;
import java.util.List;
import java.util.Optional;

/**
 * The next batch the pending entries allow: the oldest entries up to the last reading of the
 * first reading's context, at most {@code maxReadings} readings and {@link #MAX_EVENTS} events.
 * Events ride with the readings that follow them; trailing events wait for the next reading (the
 * pipeline records a reading right after each event, so the wait is one tick).
 *
 * @param entries the entries to seal, oldest first, ending with a reading
 * @param closed  true when no later entry can join: the batch is full or the context changed
 * @param urgent  true when an event is among the entries; the batcher seals at once when one of
 *                them is a keg swap, a tare or a sensor fault ({@code Stamped.sealsAtOnce})
 */
record BatchPlan(List<PendingEntry> entries, BatchContext context, boolean closed, boolean urgent) {

    /** The protocol's limit on events per batch. */
    static final int MAX_EVENTS = 100;

    static Optional<BatchPlan> of(List<PendingEntry> pending, int maxReadings) {
        String group = null;
        int readings = 0;
        int events = 0;
        int end = -1;
        int lastEvent = -1;
        boolean closed = false;
        for (int i = 0; i < pending.size() && !closed; i++) {
            PendingEntry p = pending.get(i);
            if (p.entry().kind() == EntryKind.READING) {
                if (group == null) {
                    group = p.entry().group();
                }
                closed = !group.equals(p.entry().group()) || readings == maxReadings;
                if (!closed) {
                    readings++;
                    end = i;
                }
            } else {
                closed = events == MAX_EVENTS;
                if (!closed) {
                    lastEvent = i;
                }
                events++;
            }
        }
        if (end < 0) {
            return Optional.empty();
        }
        return Optional.of(new BatchPlan(List.copyOf(pending.subList(0, end + 1)),
                BatchContext.ofGroup(group), closed || readings == maxReadings, lastEvent >= 0 && lastEvent < end));
    }

    PendingEntry first() {
        return entries.get(0);
    }

    PendingEntry last() {
        return entries.get(entries.size() - 1);
    }
}
