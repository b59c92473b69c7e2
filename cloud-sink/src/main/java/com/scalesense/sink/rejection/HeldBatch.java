package com.scalesense.sink.rejection;

/**
 * A refused batch kept whole for replay ({@link Rejections#hold}): the rule event's bytes exactly as
 * received, so a replay decodes and checks what the device sent, nothing re-encoded.
 *
 * @param deviceId device_id of the topic the batch came on (AWS IoT binds it to the certificate)
 * @param itemSk   sort key of its quarantine item, which names it for {@link Rejections#replayed}
 * @param rule     the rule that refused it last
 * @param reason   the reason it was refused last
 * @param payload  the message as received (up to {@link com.scalesense.protocol.WireCodec#MAX_RULE_EVENT_BYTES})
 */
public record HeldBatch(String deviceId, String itemSk, String rule, String reason, byte[] payload) {
}
