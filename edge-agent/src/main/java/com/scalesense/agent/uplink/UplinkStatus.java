package com.scalesense.agent.uplink;

/**
 * Counters of one uplink since boot, for the status command.
 *
 * @param published    PUBLISH calls for batches, first tries and retries
 * @param acked        batches acknowledged to the outbox after their PUBACK
 * @param retries      publishes of a batch that had been published before
 * @param inFlight     batches published and awaiting PUBACK now
 * @param registered   true once this connection's boot registration got its PUBACK
 * @param lastError    the last failure, or null if none yet
 * @param lastErrorAtMs epoch milliseconds of {@code lastError}, or 0
 */
public record UplinkStatus(long published, long acked, long retries, int inFlight, boolean registered,
        String lastError, long lastErrorAtMs) {
}
