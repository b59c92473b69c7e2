package com.scalesense.agent.store;

/** What the NVS store found when it opened; anything but {@link #OK} belongs on the status page. */
public enum StoreHealth {
    /** The file opened and every value read back. */
    OK,
    /** The file was damaged; it was moved aside and the last good snapshot restored. */
    RESTORED_FROM_SNAPSHOT,
    /**
     * The file and its snapshot were both damaged (or no snapshot existed): the store started
     * empty. Calibration and tare must be redone; the agent reports this loudly.
     */
    EMPTY_AFTER_CORRUPTION
}
