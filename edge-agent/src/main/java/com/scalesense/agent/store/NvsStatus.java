package com.scalesense.agent.store;

import java.nio.file.Path;
import java.util.List;

/**
 * The NVS store's state for the status page.
 *
 * @param health     what happened when the store opened
 * @param movedAside damaged files kept for inspection by this start, main file first
 */
public record NvsStatus(StoreHealth health, List<Path> movedAside) {

    public NvsStatus {
        movedAside = List.copyOf(movedAside);
    }
}
