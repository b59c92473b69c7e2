package com.scalesense.agent.uplink;

import java.util.LinkedHashMap;
import java.util.Map;

/** The last {@code capacity} ids seen, oldest forgotten first. Not thread-safe. */
final class RecentIds {

    private final Map<String, Boolean> ids;

    RecentIds(int capacity) {
        this.ids = new LinkedHashMap<>(16, 0.75f, false) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
                return size() > capacity;
            }
        };
    }

    /** Remembers {@code id}; false if it was already remembered. */
    boolean add(String id) {
        return ids.put(id, Boolean.TRUE) == null;
    }

    void forget(String id) {
        ids.remove(id);
    }
}
