package com.scalesense.sink.rejection;

import java.time.Instant;

/**
 * One rejected message as the quarantine keeps it. Every text field is already escaped and
 * bounded ({@link com.scalesense.protocol.SafeText#bounded}): it can be logged and shown as is.
 *
 * @param deviceId      device_id of the topic the message came on, or {@value #UNKNOWN_DEVICE}
 * @param receivedAt    when the sink refused it
 * @param rule          fixed rule code, e.g. {@code registry.loc_id} (docs/cloud.md, "Rejections")
 * @param reason        the refusal in words: field, value and rule
 * @param payloadSha256 SHA-256 hex of the bytes as received, to find the same message elsewhere
 * @param payloadBytes  size of the message as received
 * @param excerpt       the first bytes of the message, decoded leniently and escaped
 * @param holdStatus    {@code held} while the whole batch is kept for replay, {@code replayed} once let
 *                      in, null for a plain rejection (docs/cloud.md, "Held batches")
 */
public record Rejection(String deviceId, Instant receivedAt, String rule, String reason, String payloadSha256,
                        int payloadBytes, String excerpt, String holdStatus) {

    /** A rejection as the router records it: not (yet) held. */
    public Rejection(String deviceId, Instant receivedAt, String rule, String reason, String payloadSha256,
                     int payloadBytes, String excerpt) {
        this(deviceId, receivedAt, rule, reason, payloadSha256, payloadBytes, excerpt, null);
    }

    /** Device of a message whose topic could not be read. */
    public static final String UNKNOWN_DEVICE = "unknown";
}
