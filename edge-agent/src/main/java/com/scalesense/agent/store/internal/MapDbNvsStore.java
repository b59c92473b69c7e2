package com.scalesense.agent.store.internal;

import com.scalesense.agent.store.NvsStatus;
import com.scalesense.agent.store.NvsStore;
import com.scalesense.agent.store.StoreException;
import com.scalesense.agent.store.StoreKey;
import com.scalesense.agent.store.StoreWriteException;
import java.io.IOError;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.mapdb.DB;
import org.mapdb.HTreeMap;

/**
 * The NVS store on MapDB 1.0 (one jar, no dependencies; issue 18) with transactions (write-ahead log) on. After every commit the
 * whole content (a few KB) is also written to a {@link Snapshot}, the copy restored when MapDB's
 * file is damaged. Opening and recovery are {@link MapDbOpener}'s.
 */
public final class MapDbNvsStore implements NvsStore {

    static final String BOOT_COUNTER = "boot_counter";

    private final DB db;
    private final HTreeMap<String, byte[]> map;
    private final Path snapshot;
    private final NvsStatus status;
    private final RecordCodec codec = new RecordCodec();

    MapDbNvsStore(DB db, HTreeMap<String, byte[]> map, Path snapshot, NvsStatus status) {
        this.db = db;
        this.map = map;
        this.snapshot = snapshot;
        this.status = status;
    }

    /** Opens the store at {@code file} (e.g. {@code /var/lib/scale-sense/nvs.db}); see {@link NvsStore}. */
    public static MapDbNvsStore open(Path file, java.time.Clock clock) {
        return new MapDbOpener(file, clock).open();
    }

    @Override
    public synchronized <T extends Record> Optional<T> get(StoreKey<T> key) {
        byte[] bytes = map.get(key.name());
        return bytes == null ? Optional.empty() : Optional.of(codec.decode(key, bytes));
    }

    @Override
    public synchronized <T extends Record> void put(StoreKey<T> key, T value) {
        putAll(List.of(new Write<>(key, value)));
    }

    @Override
    public synchronized void putAll(List<Write<?>> writes) {
        String keys = String.join(",", writes.stream().map(w -> w.key().name()).toList());
        commit(keys, m -> writes.forEach(w -> m.put(w.key().name(), codec.encode(w.key(), w.value()))));
    }

    @Override
    public synchronized void remove(StoreKey<?> key) {
        commit(key.name(), m -> m.remove(key.name()));
    }

    @Override
    public synchronized long nextBoot() {
        long next = bootCount() + 1;
        commit(BOOT_COUNTER, m -> m.put(BOOT_COUNTER, ByteBuffer.allocate(Long.BYTES).putLong(next).array()));
        return next;
    }

    @Override
    public synchronized long bootCount() {
        byte[] stored = map.get(BOOT_COUNTER);
        return stored == null ? 0 : ByteBuffer.wrap(stored).getLong();
    }

    @Override
    public NvsStatus status() {
        return status;
    }

    @Override
    public synchronized void close() {
        db.close();
    }

    /** Applies {@code change} and commits, or rolls back so every old value is back; then refreshes the snapshot. */
    private void commit(String keys, Consumer<Map<String, byte[]>> change) {
        try {
            change.accept(map);
            db.commit();
        } catch (StoreException e) {
            db.rollback();
            throw e;
        } catch (RuntimeException | IOError e) {
            // MapDB 1.0 reports an I/O failure (a full disk) as IOError.
            db.rollback();
            throw new StoreWriteException(keys, e);
        }
        try {
            Snapshot.write(snapshot, new HashMap<>(map));
        } catch (IOException e) {
            // The commit stands; the previous snapshot stays the fallback and the next commit retries.
            System.getLogger(MapDbNvsStore.class.getName()).log(System.Logger.Level.WARNING,
                    "NVS snapshot {0} not refreshed: {1}", snapshot, e.getMessage());
        }
    }
}
