package com.scalesense.agent.clock;

/**
 * The moment the wall clock became trustworthy, on both clocks: it converts any earlier
 * monotonic time of the same boot to a correct wall time.
 *
 * @param wallMs epoch milliseconds when sync was observed
 * @param monoMs monotonic milliseconds at the same moment
 */
public record SyncPoint(long wallMs, long monoMs) {

    /** wall = sync_wall − (sync_mono − reading_mono), epoch ms. */
    public long wallAt(long readingMonoMs) {
        return wallMs - (monoMs - readingMonoMs);
    }
}
