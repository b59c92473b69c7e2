package com.scalesense.cal;

import com.scalesense.agent.control.ReplyViews;
import com.scalesense.agent.outbox.OutboxConfig;
import com.scalesense.agent.outbox.OutboxStatus;
import com.scalesense.agent.outbox.OutboxStorageException;
import com.scalesense.agent.outbox.Outboxes;
import com.scalesense.agent.scale.ScaleMemory;
import com.scalesense.agent.store.NvsStore;
import com.scalesense.agent.store.NvsStores;
import com.scalesense.agent.store.StateDirLock;
import com.scalesense.agent.store.StateDirLockedException;
import com.scalesense.agent.store.StoreOpenException;
import com.scalesense.control.Replies;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * The agent's stores opened by {@code scale-cal} itself, for when the agent is stopped. Holds the
 * state directory's lock (shared, read access only) for its whole life, so the agent cannot start
 * on the same files meanwhile, and refuses to open anything while the agent holds it. Reads only:
 * the NVS store through its snapshot, never MapDB itself (which would write its logs); a
 * measurement needs the load cell, which only the agent reads.
 */
public final class DirectStores implements AutoCloseable {

    private final Locations locations;
    private final StateDirLock lock;
    private final NvsStore nvs;
    private final Clock clock;

    private DirectStores(Locations locations, StateDirLock lock, NvsStore nvs, Clock clock) {
        this.locations = locations;
        this.lock = lock;
        this.nvs = nvs;
        this.clock = clock;
    }

    /**
     * Takes the state directory's shared lock, then reads the NVS store's snapshot; the outbox is
     * read read-only when {@link #state()} asks. Needs only read access: a technician in the
     * service group reads a stopped scale, outbox depth included (docs/calibration.md).
     *
     * @param why the socket failure that led here, kept as the cause for the messages
     * @throws StoresBusyException    when the agent holds the lock
     * @throws StoresMissingException when there is no NVS store to read
     * @throws StoresDeniedException  when this user may not read the state directory or its lock
     */
    public static DirectStores open(Locations locations, Clock clock, AgentUnreachableException why) {
        Path dir = locations.stateDir();
        if (Files.isDirectory(dir) && !(Files.isReadable(dir) && Files.isExecutable(dir))) {
            // checked first: otherwise the store looks missing ("has the agent ever run?")
            throw new StoresDeniedException(dir, null, why);
        }
        if (!Files.isRegularFile(locations.nvsFile())) {
            throw new StoresMissingException(locations.nvsFile(), why);
        }
        StateDirLock lock;
        try {
            lock = StateDirLock.acquireShared(dir);
        } catch (StateDirLockedException e) {
            throw new StoresBusyException(lock(locations), e.holder(), why == null
                    ? "stop the agent first, or use the commands without --direct"
                    : "its control socket does not answer: the agent may be starting or hung (journalctl -u scale-agent)", e);
        } catch (UncheckedIOException e) {
            throw denied(lock(locations), e);
        }
        try {
            NvsStore nvs = NvsStores.readSnapshot(locations.nvsFile())
                    .orElseThrow(() -> new StoresMissingException(locations.nvsFile(), why));
            return new DirectStores(locations, lock, nvs, clock);
        } catch (StoreOpenException e) {
            lock.close();
            throw denied(locations.nvsFile(), e);
        } catch (RuntimeException e) {
            lock.close();
            throw e;
        }
    }

    /** A file this user cannot open: permission denied names the group; anything else (a directory where the lock should be) says what it is. */
    private static CalException denied(Path path, RuntimeException e) {
        Throwable cause = e.getCause() != null ? e.getCause() : e;
        if (cause instanceof AccessDeniedException) {
            return new StoresDeniedException(path, null, e);
        }
        return new StoresUnreadableException(path, cause.toString(), e);
    }

    private static Path lock(Locations locations) {
        return locations.stateDir().resolve(StateDirLock.FILE_NAME);
    }

    /** The keg, calibration, outbox depth and store health as stored. */
    public StoredState state() {
        ScaleMemory memory = new ScaleMemory(nvs);
        long now = clock.millis();
        List<String> movedAside = new ArrayList<>();
        nvs.status().movedAside().forEach(p -> movedAside.add(p.toString()));
        Replies.OutboxInfo box = null;
        OutboxConfig outbox = new OutboxConfig(locations.outboxFile(), locations.outboxMaxBytes());
        // An upgraded scale not started since still has only the old outbox.db; readStatus reads that one.
        if (Files.isRegularFile(outbox.file()) || Files.isRegularFile(outbox.legacyFile())) {
            OutboxStatus o = readOutbox(outbox);
            box = new Replies.OutboxInfo(o.pendingEntries(), o.sealedBatches(), o.droppedEntries(), o.usedBytes(),
                    o.maxBytes());
        }
        return new StoredState(locations.stateDir().toString(), memory.keg().map(k -> ReplyViews.keg(k, null)).orElse(null),
                ReplyViews.calibration(memory.calibrations().current().orElse(null), now), box,
                nvs.status().health().name(), movedAside);
    }

    /** Read-only, so a group member who may not write in the state directory still sees the depth; the shared lock keeps the agent out. */
    private OutboxStatus readOutbox(OutboxConfig outbox) {
        try {
            return Outboxes.readStatus(outbox);
        } catch (OutboxStorageException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new StoresUnreadableException(locations.outboxFile(), cause.getMessage(), e);
        }
    }

    /** Every kept calibration, oldest first; the last is in use. */
    public Replies.History history() {
        long now = clock.millis();
        return new Replies.History(new ScaleMemory(nvs).calibrations().entries().stream()
                .map(c -> ReplyViews.calibration(c, now)).toList());
    }

    @Override
    public void close() {
        try {
            nvs.close();
        } finally {
            lock.close();
        }
    }
}
