package com.scalesense.agent.store.internal;

import com.scalesense.agent.store.Quarantine;
import com.scalesense.agent.store.StoreOpenException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The upgrade from the NVS store of earlier releases, MapDB 3 ({@code nvs.db} and its
 * {@code nvs.db.wal.N} logs), to MapDB 1.0 (issue 18: MapDB 3 brought Kotlin, Eclipse Collections,
 * Guava and lz4, 900 classes). MapDB 1.0 cannot read MapDB 3's file, but every release kept a
 * snapshot of the store beside it ({@link Snapshot}, our own format, refreshed at every start and
 * after every commit before the write was acknowledged), so the snapshot holds every acknowledged
 * value. The upgrade reads it first; only if it is good are the MapDB 3 files set aside
 * ({@code nvs.db.mapdb3-<stamp>}, kept for a technician) and the new file is filled from the
 * snapshot by {@link MapDbOpener}. Without a readable snapshot nothing is changed and the store
 * refuses to open, naming the file and what to do: calibration and tare are never dropped silently.
 */
final class MapDb3Files {

    private static final System.Logger LOG = System.getLogger(MapDb3Files.class.getName());
    /** MapDB 3's file header: 0x4A, then the file type, 3 for a store file (MapDB 3.1 {@code CC.FILE_HEADER}, {@code FILE_TYPE_STOREDIRECT}). */
    private static final int HEADER = 0x4A;
    private static final int STORE_FILE = 3;

    private MapDb3Files() {
    }

    /**
     * Sets a MapDB 3 store at {@code file} aside once its {@code snapshot} proved readable.
     *
     * @return true if a MapDB 3 store was set aside (its values are then only in the snapshot)
     * @throws StoreOpenException if {@code file} is a MapDB 3 store and the snapshot is missing or
     *                            damaged, or the files cannot be renamed; nothing was changed then
     */
    static boolean setAsideIfPresent(Path file, Path snapshot, Quarantine quarantine) {
        if (!isMapDb3(file)) {
            return false;
        }
        Optional<Map<String, byte[]>> values;
        try {
            values = Snapshot.read(snapshot);
        } catch (IOException e) {
            throw refusal(file, snapshot, "is damaged (" + e.getMessage() + ")");
        }
        if (values.isEmpty()) {
            throw refusal(file, snapshot, "is missing");
        }
        try {
            List<Path> kept = quarantine.setAside("mapdb3", file, companions(file));
            LOG.log(Level.INFO, "NVS store {0} is in the MapDB 3 format of an earlier release: its {1} values move to "
                    + "MapDB 1.0 from {2}; the old files are kept as {3}", file, values.get().size(), snapshot, kept);
            return true;
        } catch (UncheckedIOException e) {
            throw new StoreOpenException(file.toString(), e);
        }
    }

    static boolean isMapDb3(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return in.read() == HEADER && in.read() == STORE_FILE;
        } catch (NoSuchFileException e) {
            return false;
        } catch (IOException e) {
            throw new StoreOpenException(file.toString(), e);
        }
    }

    private static StoreOpenException refusal(Path file, Path snapshot, String what) {
        return new StoreOpenException(file.toString(), new IOException("it is in the MapDB 3 format of an earlier "
                + "release and its snapshot " + snapshot + ", the copy its values move over from, " + what
                + "; nothing was changed. Put back the snapshot (a backup of the state directory), or move " + file
                + " and its .wal.N files aside to start empty, then calibrate and tare again"));
    }

    /**
     * MapDB 3's write-ahead logs, {@code <file>.wal.<n>}, and any MapDB 1.0 companions
     * ({@link MapDbOpener#COMPANIONS}, {@code .p} and {@code .t}) beside them: left by an earlier
     * upgrade when an older package was installed again (its MapDB 3 took the 1.0 file for damage
     * and set only that aside), they must not meet the new file.
     */
    private static String[] companions(Path file) {
        String prefix = file.getFileName().toString();
        try (Stream<Path> siblings = Files.list(file.toAbsolutePath().getParent())) {
            Stream<String> wal = siblings.map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith(prefix + ".wal."))
                    .map(n -> n.substring(prefix.length())).sorted();
            return Stream.concat(wal, Stream.of(MapDbOpener.COMPANIONS)).toArray(String[]::new);
        } catch (IOException e) {
            throw new StoreOpenException(file.toString(), e);
        }
    }
}
