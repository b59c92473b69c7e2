package com.scalesense.sink.ingest;

import com.scalesense.protocol.Reading;
import com.scalesense.protocol.ReadingsBatch;
import com.scalesense.sink.store.AssignmentChange;
import com.scalesense.sink.store.IngestContext;
import com.scalesense.sink.store.TapAssignment;
import com.scalesense.sink.tables.Keys;
import java.util.List;
import java.util.Optional;

/**
 * Decides what a batch tells about the keg on its tap, against the tap's assignment as read
 * (docs/data-model.md, "Keg assignment"). The rule that makes the cloud and the scale agree on one
 * keg, whichever assigns first:
 *
 * <ul>
 *   <li>A pending cloud request wins over whatever the scale held before it: readings naming any
 *       other keg (or none) change nothing, and the re-send check keeps sending the request.</li>
 *   <li>The first reading naming the requested keg applies it, from that reading's instant.</li>
 *   <li>After that, the scale wins: a keg it names later (a technician's {@code scale-cal keg
 *       assign}) is adopted by the cloud, and no keg (a swap it noticed by itself) unassigns the
 *       tap; each only when newer than the instant the tap's current state took effect, so an old
 *       batch delivered late cannot undo a newer state.</li>
 * </ul>
 *
 * Order is thus set by when the scale applied the request, not by two clocks: the command applied
 * on the scale is, by construction, after everything the scale did before it and before
 * everything it does after. Readings with clock_synced=false say nothing (their order is unknown).
 */
final class Assignments {

    private Assignments() {
    }

    static Optional<AssignmentChange> of(ReadingsBatch b, IngestContext ctx) {
        TapAssignment tap = ctx.tap();
        List<Reading> synced = b.readings().stream().filter(Reading::clockSynced).toList();
        if (tap == null || synced.isEmpty()) {
            return Optional.empty();
        }
        long first = synced.stream().mapToLong(Reading::timestampMs).min().orElseThrow();
        long last = synced.stream().mapToLong(Reading::timestampMs).max().orElseThrow();
        String tapNo = Keys.tapNumber(b.tapId());
        String keg = b.kegId();
        boolean assignedKeg = keg != null && keg.equals(tap.assignmentKegId());
        if (tap.pending()) {
            return assignedKeg ? Optional.of(new AssignmentChange.Applied(b.locId(), tapNo, keg, first)) : Optional.empty();
        }
        if (assignedKeg && keg.equals(tap.kegId()) && tap.atMs() != null && first < tap.atMs()) {
            // An older batch of the applied keg delivered late: the keg was on the scale earlier.
            return Optional.of(new AssignmentChange.Applied(b.locId(), tapNo, keg, first));
        }
        if (tap.atMs() != null && last <= tap.atMs()) {
            return Optional.empty();
        }
        if (keg != null && !keg.equals(tap.kegId()) && ctx.kegs().containsKey(keg)) {
            return Optional.of(new AssignmentChange.Adopted(b.locId(), tapNo, ctx.kegs().get(keg), last));
        }
        if (keg == null && tap.kegId() != null) {
            return Optional.of(new AssignmentChange.Unassigned(b.locId(), tapNo, last));
        }
        return Optional.empty();
    }
}
