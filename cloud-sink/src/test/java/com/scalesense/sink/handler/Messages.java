package com.scalesense.sink.handler;

import com.scalesense.protocol.Topics;
import com.scalesense.protocol.WireCodec;
import java.nio.charset.StandardCharsets;

/** IoT Rule events as the rule {@code SELECT *, topic() AS topic} delivers them: the device's JSON plus "topic". */
final class Messages {

    private static final WireCodec CODEC = new WireCodec();

    private Messages() {
    }

    static String json(Object message) {
        return new String(CODEC.encode(message), StandardCharsets.UTF_8);
    }

    static String withTopic(String json, String topic) {
        return "{\"topic\":\"" + topic + "\"," + json.substring(1);
    }

    static String batchEvent(Object batch, String deviceId) {
        return withTopic(json(batch), Topics.batches(deviceId));
    }

    static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
