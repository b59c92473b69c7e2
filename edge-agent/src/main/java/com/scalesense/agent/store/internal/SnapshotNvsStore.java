package com.scalesense.agent.store.internal;

import com.scalesense.agent.store.NvsStatus;
import com.scalesense.agent.store.NvsStore;
import com.scalesense.agent.store.StoreHealth;
import com.scalesense.agent.store.StoreKey;
import com.scalesense.agent.store.StoreOpenException;
import com.scalesense.agent.store.StoreWriteException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A read-only view of a stopped scale's NVS store, read from its snapshot ({@code nvs.db.snapshot},
 * rewritten after every commit and at every start; see {@link MapDbNvsStore}). Needs read access
 * only, so a technician in the service group can read it (the files are 0640, group scale-sense),
 * and it never opens MapDB, which would write its log files and might move a "damaged" file aside.
 * Every write throws.
 */
public final class SnapshotNvsStore implements NvsStore {

    private final Map<String, byte[]> values;
    private final RecordCodec codec = new RecordCodec();

    private SnapshotNvsStore(Map<String, byte[]> values) {
        this.values = values;
    }

    /**
     * Reads the snapshot next to {@code nvsFile}.
     *
     * @return empty if there is no snapshot (the agent never committed on this file)
     * @throws StoreOpenException if it cannot be read or is damaged
     */
    public static Optional<NvsStore> read(Path nvsFile) {
        Path snapshot = nvsFile.resolveSibling(nvsFile.getFileName() + ".snapshot");
        try {
            return Snapshot.read(snapshot).map(SnapshotNvsStore::new);
        } catch (IOException e) {
            throw new StoreOpenException(snapshot.toString(), e);
        }
    }

    @Override
    public <T extends Record> Optional<T> get(StoreKey<T> key) {
        byte[] bytes = values.get(key.name());
        return bytes == null ? Optional.empty() : Optional.of(codec.decode(key, bytes));
    }

    @Override
    public <T extends Record> void put(StoreKey<T> key, T value) {
        throw readOnly(key.name());
    }

    @Override
    public void putAll(List<Write<?>> writes) {
        throw readOnly("(several)");
    }

    @Override
    public void remove(StoreKey<?> key) {
        throw readOnly(key.name());
    }

    @Override
    public long nextBoot() {
        throw readOnly(MapDbNvsStore.BOOT_COUNTER);
    }

    @Override
    public long bootCount() {
        byte[] stored = values.get(MapDbNvsStore.BOOT_COUNTER);
        return stored == null ? 0 : java.nio.ByteBuffer.wrap(stored).getLong();
    }

    @Override
    public NvsStatus status() {
        return new NvsStatus(StoreHealth.OK, List.of());
    }

    @Override
    public void close() {
        // nothing held
    }

    private static StoreWriteException readOnly(String key) {
        return new StoreWriteException(key, new UnsupportedOperationException("a read-only view of a stopped scale"));
    }
}
