package com.scalesense.agent.store.internal;

import com.scalesense.agent.store.NvsStatus;
import com.scalesense.agent.store.Quarantine;
import com.scalesense.agent.store.StoreHealth;
import com.scalesense.agent.store.StoreOpenException;
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
import java.util.stream.Stream;
import org.mapdb.DB;
import org.mapdb.DBException;
import org.mapdb.DBMaker;
import org.mapdb.HTreeMap;
import org.mapdb.Serializer;

/**
 * Opens the NVS file and proves it readable by reading every value. A damaged file (and its
 * {@code .wal.N} logs) is moved aside and the snapshot restored into a new file; a damaged
 * snapshot is moved aside too, and the store starts empty with {@link StoreHealth#EMPTY_AFTER_CORRUPTION}.
 */
final class MapDbOpener {

    private static final System.Logger LOG = System.getLogger(MapDbOpener.class.getName());

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
        try {
            Opened o = openVerified();
            refreshSnapshot(o.content());
            return new MapDbNvsStore(o.db(), o.map(), snapshot, new NvsStatus(StoreHealth.OK, List.of()));
        } catch (DBException.FileLocked e) {
            // Another agent holds the file: its content may be fine, so it is not moved aside.
            // (A truncated file surfaces as VolumeIOError, so that one must count as damage.)
            throw new StoreOpenException(file.toString(), e);
        } catch (RuntimeException | AssertionError e) {
            LOG.log(Level.ERROR, "NVS store {0} is damaged ({1}); moving it aside", file, e.toString());
        }
        List<Path> moved = new ArrayList<>(moveAside(file, walSuffixes()));
        Optional<Map<String, byte[]>> restored = readSnapshot(moved);
        try {
            Opened o = openVerified();
            restored.ifPresent(values -> {
                o.map().putAll(values);
                o.db().commit();
            });
            StoreHealth health = restored.isPresent() ? StoreHealth.RESTORED_FROM_SNAPSHOT : StoreHealth.EMPTY_AFTER_CORRUPTION;
            LOG.log(health == StoreHealth.RESTORED_FROM_SNAPSHOT ? Level.WARNING : Level.ERROR,
                    "NVS store {0} recovered: {1}; damaged files kept as {2}", file, health, moved);
            return new MapDbNvsStore(o.db(), o.map(), snapshot, new NvsStatus(health, moved));
        } catch (RuntimeException | AssertionError e) {
            throw new StoreOpenException(file.toString(), e);
        }
    }

    private record Opened(DB db, HTreeMap<String, byte[]> map, Map<String, byte[]> content) {
    }

    private Opened openVerified() {
        // fileChannel, not mmap: a 32-bit Pi OS has little address space and mmap hides I/O errors.
        DB db = DBMaker.fileDB(file.toFile()).transactionEnable().fileChannelEnable().make();
        try {
            HTreeMap<String, byte[]> map = db.hashMap("nvs", Serializer.STRING, Serializer.BYTE_ARRAY).createOrOpen();
            return new Opened(db, map, new HashMap<>(map));
        } catch (RuntimeException | AssertionError e) {
            db.close();
            throw e;
        }
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
            Snapshot.write(snapshot, content);
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

    /** MapDB's write-ahead logs are {@code <file>.wal.<n>}. */
    private String[] walSuffixes() {
        String prefix = file.getFileName().toString();
        try (Stream<Path> siblings = Files.list(file.toAbsolutePath().getParent())) {
            return siblings.map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith(prefix + ".wal."))
                    .map(n -> n.substring(prefix.length())).toArray(String[]::new);
        } catch (IOException e) {
            return new String[0];
        }
    }
}
