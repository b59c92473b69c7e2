package com.scalesense.agent.outbox;

/**
 * What the outbox holds, for the status page and telemetry.
 *
 * @param pendingEntries         entries appended and not yet sealed
 * @param sealedBatches          batches sealed and not yet acknowledged by the broker
 * @param usedBytes              bytes of the store file on disk
 * @param maxBytes               the configured bound on {@code usedBytes}
 * @param droppedEntries         entries dropped to stay within the bound, since the file was created
 * @param corruptFilesMovedAside store files found damaged at start-up and moved aside by this process
 */
public record OutboxStatus(long pendingEntries, long sealedBatches, long usedBytes, long maxBytes,
                           long droppedEntries, int corruptFilesMovedAside) {
}
