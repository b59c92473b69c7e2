package com.scalesense.cal;

import com.scalesense.agent.control.Replies;
import com.scalesense.agent.outbox.Outbox;
import com.scalesense.agent.outbox.OutboxConfig;
import com.scalesense.agent.outbox.OutboxStatus;
import com.scalesense.agent.outbox.internal.SqliteOutbox;
import com.scalesense.agent.runtime.ScaleMemory;
import com.scalesense.agent.store.NvsStore;
import com.scalesense.agent.store.StateDirLock;
import com.scalesense.agent.store.StateDirLockedException;
import com.scalesense.agent.store.internal.MapDbNvsStore;
import java.nio.file.Files;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * The agent's stores opened by {@code scale-cal} itself, for when the agent is stopped. Holds the
 * state directory's lock for its whole life, so the agent cannot start on the same files
 * meanwhile, and refuses to open anything while the agent holds it. Reads only: a measurement
 * needs the load cell, which only the agent reads.
 */
public final class DirectStores implements AutoCloseable {

    private final Locations locations;
    private final StateDirLock lock;
    private final NvsStore nvs;
    private final Outbox outbox;
    private final Clock clock;

    private DirectStores(Locations locations, StateDirLock lock, NvsStore nvs, Outbox outbox, Clock clock) {
        this.locations = locations;
        this.lock = lock;
        this.nvs = nvs;
        this.outbox = outbox;
        this.clock = clock;
    }

    /**
     * Locks the state directory, then opens the NVS store and (if present) the outbox.
     *
     * @param why the socket failure that led here, kept as the cause for the messages
     * @throws StoresBusyException    when the agent (or another scale-cal) holds the lock
     * @throws StoresMissingException when there is no NVS store to open
     */
    public static DirectStores open(Locations locations, Clock clock, long pid, AgentUnreachableException why) {
        if (!Files.isRegularFile(locations.nvsFile())) {
            throw new StoresMissingException(locations.nvsFile(), why);
        }
        StateDirLock lock;
        try {
            lock = StateDirLock.acquire(locations.stateDir(), "scale-cal", pid);
        } catch (StateDirLockedException e) {
            throw new StoresBusyException(lock(locations), e.holder(), why == null
                    ? "stop the agent first, or use the commands without --direct"
                    : "its control socket does not answer: the agent may be starting or hung (journalctl -u scale-agent)", e);
        }
        NvsStore nvs = null;
        try {
            nvs = MapDbNvsStore.open(locations.nvsFile(), clock);
            Outbox outbox = Files.isRegularFile(locations.outboxFile())
                    ? SqliteOutbox.open(new OutboxConfig(locations.outboxFile(), locations.outboxMaxBytes()), clock) : null;
            return new DirectStores(locations, lock, nvs, outbox, clock);
        } catch (RuntimeException e) {
            if (nvs != null) {
                nvs.close();
            }
            lock.close();
            throw e;
        }
    }

    private static java.nio.file.Path lock(Locations locations) {
        return locations.stateDir().resolve(StateDirLock.FILE_NAME);
    }

    /** The keg, calibration, outbox depth and store health as stored. */
    public StoredState state() {
        ScaleMemory memory = new ScaleMemory(nvs);
        long now = clock.millis();
        List<String> movedAside = new ArrayList<>();
        nvs.status().movedAside().forEach(p -> movedAside.add(p.toString()));
        Replies.OutboxInfo box = null;
        if (outbox != null) {
            OutboxStatus o = outbox.status();
            box = new Replies.OutboxInfo(o.pendingEntries(), o.sealedBatches(), o.droppedEntries(), o.usedBytes(),
                    o.maxBytes());
        }
        return new StoredState(locations.stateDir().toString(), memory.keg().map(StoredViews::keg).orElse(null),
                StoredViews.calibration(memory.calibrations().current().orElse(null), now), box,
                nvs.status().health().name(), movedAside);
    }

    /** Every kept calibration, oldest first; the last is in use. */
    public Replies.History history() {
        long now = clock.millis();
        return new Replies.History(new ScaleMemory(nvs).calibrations().entries().stream()
                .map(c -> StoredViews.calibration(c, now)).toList());
    }

    @Override
    public void close() {
        try {
            if (outbox != null) {
                outbox.close();
            }
            nvs.close();
        } finally {
            lock.close();
        }
    }
}
