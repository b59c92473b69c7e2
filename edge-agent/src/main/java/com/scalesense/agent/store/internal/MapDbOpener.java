package com.scalesense.agent.store.internal;

import com.scalesense.agent.store.NvsStatus;
import com.scalesense.agent.store.Quarantine;
import com.scalesense.agent.store.StoreHealth;
import com.scalesense.agent.store.StoreOpenException;
import java.io.IOError;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.mapdb.DB;
import org.mapdb.DBMaker;
import org.mapdb.HTreeMap;
import org.mapdb.Serializer;

/**
 * Opens the NVS file (MapDB 1.0) and proves it readable by reading every value. A damaged file
 * (and its {@code .p} and {@code .t} companions) is moved aside and the snapshot restored into a
 * new file; a damaged snapshot is moved aside too, and the store starts empty with
 * {@link StoreHealth#EMPTY_AFTER_CORRUPTION}. A file that opens empty while the snapshot holds
 * values (the file was lost, or a start was killed before the first commit into a new file) gets
 * the snapshot's values: an empty store never overwrites a good snapshot. A store of the MapDB 3
 * format of earlier releases is taken over from its snapshot once ({@link MapDb3Files}).
 */
final class MapDbOpener {

    private static final System.Logger LOG = System.getLogger(MapDbOpener.class.getName());
    /** MapDB 1.0 keeps the records in {@code <file>.p} and its write-ahead log in {@code <file>.t}. */
    static final String[] COMPANIONS = {".p", ".t"};

    private final Path file;
    private final Path snapshot;
    private final Quarantine quarantine;

    MapDbOpener(Path file, Clock clock) {
        this.file = file;
        this.snapshot = file.resolveSibling(file.getFileName() + ".snapshot");
        this.quarantine = new Quarantine(clock);
    }

    MapDbNvsStore open() {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
        } catch (IOException e) {
            throw new StoreOpenException(file.toString(), e);
        }
        boolean upgraded = MapDb3Files.setAsideIfPresent(file, snapshot, quarantine);
        try {
            Opened o = openVerified();
            StoreHealth health = o.content().isEmpty() ? refillFromSnapshot(o, upgraded) : StoreHealth.OK;
            refreshSnapshot(o.map());
            return new MapDbNvsStore(o.db(), o.map(), snapshot, new NvsStatus(health, List.of()));
        } catch (RuntimeException | IOError | AssertionError e) {
            // MapDB 1.0 reports a damaged or truncated file as IOError, bad records as assertion or runtime errors.
            LOG.log(Level.ERROR, "NVS store {0} is damaged ({1}); moving it aside", file, e.toString());
        }
        List<Path> moved = new ArrayList<>(moveAside(file, COMPANIONS));
        Optional<Map<String, byte[]>> restored = readSnapshot(moved);
        try {
            Opened o = openVerified();
            restored.ifPresent(values -> load(o, values));
            StoreHealth health = restored.isPresent() ? StoreHealth.RESTORED_FROM_SNAPSHOT : StoreHealth.EMPTY_AFTER_CORRUPTION;
            LOG.log(health == StoreHealth.RESTORED_FROM_SNAPSHOT ? Level.WARNING : Level.ERROR,
                    "NVS store {0} recovered: {1}; damaged files kept as {2}", file, health, moved);
            return new MapDbNvsStore(o.db(), o.map(), snapshot, new NvsStatus(health, moved));
        } catch (RuntimeException | IOError | AssertionError e) {
            throw new StoreOpenException(file.toString(), e);
        }
    }

    private record Opened(DB db, HTreeMap<String, byte[]> map, Map<String, byte[]> content) {
    }

    private Opened openVerified() {
        // Transactions (the .t write-ahead log, fsynced at every commit) are MapDB 1.0's default;
        // checksums make a damaged record fail its read instead of decoding as another value; the
        // instance cache is off (a few small values, read rarely). No mmap: a 32-bit Pi OS has little
        // address space and mmap hides I/O errors. No file lock in MapDB 1.0: StateDirLock keeps a
        // second process off the file.
        DB db = DBMaker.newFileDB(file.toFile()).checksumEnable().cacheDisable().make();
        try {
            HTreeMap<String, byte[]> map = db.createHashMap("nvs").keySerializer(Serializer.STRING)
                    .valueSerializer(Serializer.BYTE_ARRAY).makeOrGet();
            return new Opened(db, map, new HashMap<>(map));
        } catch (RuntimeException | IOError | AssertionError e) {
            db.close();
            throw e;
        }
    }

    /**
     * An empty store beside a snapshot that holds values lost its file (the boot counter is written
     * at every start and never removed): the snapshot's values go in. After this start's upgrade
     * from MapDB 3 that is the plan, so the store is {@link StoreHealth#OK}.
     */
    private StoreHealth refillFromSnapshot(Opened o, boolean upgraded) {
        Optional<Map<String, byte[]>> values;
        try {
            values = Snapshot.read(snapshot).filter(v -> !v.isEmpty());
        } catch (IOException e) {
            return StoreHealth.OK; // a new store and a damaged snapshot: nothing to restore, the next commit rewrites it
        }
        if (values.isEmpty()) {
            return StoreHealth.OK;
        }
        load(o, values.get());
        if (upgraded) {
            return StoreHealth.OK; // MapDb3Files logged it
        }
        LOG.log(Level.WARNING, "NVS store {0} opened empty beside a snapshot of {1} values: restored them", file,
                values.get().size());
        return StoreHealth.RESTORED_FROM_SNAPSHOT;
    }

    private static void load(Opened o, Map<String, byte[]> values) {
        o.map().putAll(values);
        o.db().commit();
    }

    /** The snapshot's values, or empty if there is none or it is damaged (then it is moved aside too). */
    private Optional<Map<String, byte[]>> readSnapshot(List<Path> moved) {
        try {
            return Snapshot.read(snapshot);
        } catch (IOException e) {
            LOG.log(Level.ERROR, "NVS snapshot {0} is damaged too ({1})", snapshot, e.getMessage());
            moved.addAll(moveAside(snapshot));
            return Optional.empty();
        }
    }

    private void refreshSnapshot(Map<String, byte[]> content) {
        try {
            Snapshot.write(snapshot, new HashMap<>(content));
        } catch (IOException e) {
            LOG.log(Level.WARNING, "NVS snapshot {0} not refreshed: {1}", snapshot, e.getMessage());
        }
    }

    private List<Path> moveAside(Path target, String... suffixes) {
        try {
            return quarantine.moveAside(target, suffixes);
        } catch (UncheckedIOException e) {
            throw new StoreOpenException(target.toString(), e);
        }
    }
}
