package com.scalesense.agent.store;

import com.scalesense.agent.store.internal.MapDbNvsStore;
import com.scalesense.agent.store.internal.SnapshotNvsStore;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;

/**
 * The public openers of the NVS store, so no code outside {@code store} names its MapDB
 * implementation or its snapshot reader ({@code store.internal}).
 */
public final class NvsStores {

    private NvsStores() {
    }

    /**
     * Opens the store at {@code file} (e.g. {@code /var/lib/scale-sense/nvs.db}) for reading and
     * writing, recovering a damaged file from its snapshot; see {@link NvsStore}. The caller holds
     * the state directory's lock.
     *
     * @param clock stamps the name of a file moved aside
     */
    public static NvsStore open(Path file, Clock clock) {
        return MapDbNvsStore.open(file, clock);
    }

    /**
     * The store as its last commit left it, read from the snapshot next to {@code nvsFile} without
     * opening MapDB (which would write its logs): for {@code scale-cal} on a stopped scale. Every
     * write to the returned store throws.
     *
     * @return empty if there is no snapshot (the agent never committed on this file)
     * @throws StoreOpenException if it cannot be read or is damaged
     */
    public static Optional<NvsStore> readSnapshot(Path nvsFile) {
        return SnapshotNvsStore.read(nvsFile);
    }
}
