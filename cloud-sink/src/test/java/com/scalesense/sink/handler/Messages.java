package com.scalesense.sink.handler;

import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.scalesense.protocol.Topics;
import com.scalesense.protocol.WireCodec;
import java.nio.charset.StandardCharsets;
import java.util.List;

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

    /** One SQS message (id {@code m-1}) carrying {@code body}, as the SQS event source delivers it. */
    static SQSEvent sqsEvent(String body) {
        var m = new SQSEvent.SQSMessage();
        m.setMessageId("m-1");
        m.setBody(body);
        var e = new SQSEvent();
        e.setRecords(List.of(m));
        return e;
    }

    static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
