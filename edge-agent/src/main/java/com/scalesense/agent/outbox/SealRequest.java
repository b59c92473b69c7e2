package com.scalesense.agent.outbox;

import java.util.Objects;

/**
 * Moves the pending entries {@code firstSeq..lastSeq} into one sealed batch, atomically.
 *
 * @param batch       the batch id and its encoded payload, fixed from now on
 * @param bootId      boot whose window sequence this batch extends
 * @param windowEndMs the batch window's end, epoch ms; must exceed the boot's last sealed end
 * @param firstSeq    first pending sequence number taken, inclusive
 * @param lastSeq     last pending sequence number taken, inclusive
 * @param entryCount  how many pending entries lie in {@code firstSeq..lastSeq} as the batcher
 *                    read them; the seal fails if any of them has been dropped meanwhile
 */
public record SealRequest(SealedBatch batch, String bootId, long windowEndMs, long firstSeq, long lastSeq,
                          int entryCount) {

    public SealRequest {
        Objects.requireNonNull(batch, "batch must not be null.");
        Objects.requireNonNull(bootId, "boot_id must not be null.");
        if (lastSeq < firstSeq || entryCount < 1 || entryCount > lastSeq - firstSeq + 1) {
            throw new IllegalArgumentException("seal range must hold 1.." + (lastSeq - firstSeq + 1)
                    + " entries, was firstSeq=" + firstSeq + " lastSeq=" + lastSeq + " entryCount=" + entryCount + ".");
        }
    }
}
