package com.scalesense.agent.batch;

import com.scalesense.agent.clock.SyncPoint;
import com.scalesense.agent.clock.SyncWatch;
import com.scalesense.agent.outbox.Outbox;
import com.scalesense.agent.outbox.PendingEntry;
import com.scalesense.agent.outbox.OutboxStatus;
import com.scalesense.agent.outbox.SealConflictException;
import com.scalesense.agent.outbox.SealRequest;
import com.scalesense.agent.outbox.SealedBatch;
import com.scalesense.protocol.MessageValidator;
import com.scalesense.protocol.WireCodec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Seals pending outbox entries into batches of at most 100 readings, one keg per batch, with
 * batch windows strictly increasing within a boot (see {@link BatchAssembler}). A batch is
 * sealed when it is full, when the keg (or any header field) changes, when it holds a keg swap, a
 * tare or a sensor fault (rare, and written only from batches: at once), when it is the first batch
 * after such a header change (a keg assigned from the cloud or by scale-cal is applied in the cloud
 * only when a reading carrying it arrives, issue 17: it must not wait for the bulk), when it holds an
 * entry the {@link SealNow} names (the reading the cloud's low-keg alert waits for, issue 18), when its oldest entry is
 * older than {@code maxDelay} (bulk: periodic readings and pours, whose state goes out beside the
 * outbox at once, issue 18), or on shutdown; readings taken
 * before time sync wait up to {@code unsyncedHold} to be re-stamped, events included. Every batch passes the protocol's validator before it
 * is sealed. No threads of its own: the agent's scheduler calls {@link #tick}; not thread-safe.
 */
public final class Batcher {

    /** Bound on the work of one tick: a week offline at one reading a minute is about 100 batches. */
    private static final int MAX_SEALS_PER_TICK = 1000;

    private final Outbox outbox;
    private final WireCodec codec;
    private final SyncWatch clock;
    private final BatcherConfig config;
    private final String currentBootId;
    private final BatchAssembler assembler;
    private final MessageValidator validator = new MessageValidator();
    private final SealNow sealNow;
    /** Header of the last batch sealed in this run, or null before the first. */
    private BatchContext lastSealed;
    /**
     * What the outbox held when a tick last found nothing due, and until when that stays true: with
     * batches up to 2 h apart (issue 18) about 100 pending entries were read and decoded every second
     * for nothing. Null when the next tick must look.
     */
    private Idle idle;
    /** The entries of the last plan decoded, by seq (see {@link #decoded}). */
    private Map<Long, Stamped> decoded = Map.of();

    /** Nothing is due while the outbox holds the same entries, the sync state is the same and mono < untilMono. */
    private record Idle(long pending, long dropped, long sealed, boolean synced, long untilMono, long sealNow) {
    }

    public Batcher(Outbox outbox, WireCodec codec, SyncWatch clock, BatcherConfig config, String currentBootId) {
        this(outbox, codec, clock, config, currentBootId, new SealNow());
    }

    /** @param sealNow entries to seal at the next tick (raised by the pipeline's listener) */
    public Batcher(Outbox outbox, WireCodec codec, SyncWatch clock, BatcherConfig config, String currentBootId,
                   SealNow sealNow) {
        this.sealNow = sealNow;
        this.outbox = outbox;
        this.codec = codec;
        this.clock = clock;
        this.config = config;
        this.currentBootId = currentBootId;
        this.assembler = new BatchAssembler(currentBootId);
    }

    /**
     * Seals every batch that is due.
     *
     * @param shutdown seal everything pending now (the agent is stopping)
     * @return the number of batches sealed
     */
    public int tick(boolean shutdown) {
        if (!shutdown && stillIdle()) {
            return 0;
        }
        idle = null;
        int sealed = 0;
        for (int n = 0; n < MAX_SEALS_PER_TICK; n++) {
            // Read before the entries: an entry appended meanwhile then changes the counts, so a
            // tick that finds nothing due never takes an entry it has not looked at for one it has.
            OutboxStatus before = outbox.status();
            long sealNowSeen = sealNow.through();
            if (!shutdown && before.sealedBatches() >= config.sealedBacklog()) {
                break;
            }
            Optional<BatchPlan> plan = BatchPlan.of(outbox.pending(config.maxReadings() + BatchPlan.MAX_EVENTS + 1),
                    config.maxReadings());
            if (plan.isEmpty()) {
                break;
            }
            List<Stamped> items = decoded(plan.get().entries());
            Optional<SyncPoint> sync = clock.syncPoint();
            if (!shutdown && !due(plan.get(), items, sync.isPresent(), sealNowSeen)) {
                rememberIdle(before, sealNowSeen, items, sync.isPresent());
                break;
            }
            try {
                seal(plan.get(), items, sync);
                sealed++;
            } catch (SealConflictException e) {
                // The bound dropped some of these entries meanwhile: plan again from what is left.
            }
        }
        return sealed;
    }

    /**
     * The plan's entries decoded, each once while it stays pending: with batches up to 2 h apart
     * (issue 18) every new reading made the next tick decode the ~120 pending before it again, about
     * half a millisecond each on the interpreted agent. An entry's bytes never change under its seq.
     */
    private List<Stamped> decoded(List<PendingEntry> entries) {
        Map<Long, Stamped> now = new HashMap<>(entries.size() * 2);
        List<Stamped> items = new ArrayList<>(entries.size());
        for (PendingEntry p : entries) {
            Stamped s = decoded.get(p.seq());
            if (s == null) {
                s = Stamped.decode(p, codec);
            }
            now.put(p.seq(), s);
            items.add(s);
        }
        decoded = now; // only the entries still pending are kept
        return items;
    }

    /**
     * Any append or drop changes (pending, dropped), a seal or an acknowledgement the sealed count;
     * otherwise only time (the max delay) or the clock's first sync can make a batch due.
     */
    private boolean stillIdle() {
        if (idle == null) {
            return false;
        }
        var status = outbox.status();
        return status.pendingEntries() == idle.pending() && status.droppedEntries() == idle.dropped()
                && status.sealedBatches() == idle.sealed() && clock.syncPoint().isPresent() == idle.synced()
                && clock.monoMs() < idle.untilMono() && sealNow.through() == idle.sealNow();
    }

    private void rememberIdle(OutboxStatus seen, long sealNowSeen, List<Stamped> items, boolean synced) {
        Stamped first = items.get(0);
        // Entries held for a time sync wait on a deadline of their own: look again at every tick then.
        boolean held = items.stream().anyMatch(s -> !s.clockSynced() && s.takenInBoot(currentBootId));
        if (held || !first.takenInBoot(currentBootId)) {
            return;
        }
        idle = new Idle(seen.pendingEntries(), seen.droppedEntries(), seen.sealedBatches(), synced,
                first.monoMs() + config.maxDelay().toMillis(), sealNowSeen);
    }

    private boolean due(BatchPlan plan, List<Stamped> items, boolean synced, long sealNowThrough) {
        long now = clock.monoMs();
        if (!synced && items.stream().anyMatch(s -> !s.clockSynced() && s.takenInBoot(currentBootId)
                && now - s.monoMs() < config.unsyncedHold().toMillis())) {
            return false;
        }
        Stamped first = items.get(0);
        // An entry of an earlier boot has no comparable monotonic time: it is overdue by definition.
        return plan.closed() || plan.urgent() && items.stream().anyMatch(Stamped::sealsAtOnce)
                || lastSealed != null && !lastSealed.equals(plan.context())
                || plan.first().seq() <= sealNowThrough
                || !first.takenInBoot(currentBootId)
                || now - first.monoMs() >= config.maxDelay().toMillis();
    }

    private void seal(BatchPlan plan, List<Stamped> items, Optional<SyncPoint> sync) {
        String bootId = plan.context().bootId();
        BatchAssembler.Assembled a = assembler.assemble(plan.context(), items, outbox.lastWindowEnd(bootId), sync);
        validator.requireValid(a.batch());
        SealedBatch batch = new SealedBatch(a.batch().batchId(), codec.encode(a.batch()));
        outbox.seal(new SealRequest(batch, bootId, a.windowEndMs(), plan.first().seq(), plan.last().seq(),
                plan.entries().size()));
        lastSealed = plan.context();
    }
}
