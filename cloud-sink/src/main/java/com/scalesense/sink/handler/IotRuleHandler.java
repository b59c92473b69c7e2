package com.scalesense.sink.handler;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.scalesense.protocol.WireCodec;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Entry point for an IoT Rule that invokes the function directly with
 * {@code SELECT *, topic() AS topic FROM 'scalesense/v1/+/batches'} (and {@code /registration}).
 * Reads the event as raw bytes so the protocol's strict codec sees exactly what the device sent
 * (duplicate keys, NaN, nesting, size); a Map-typed handler would have let the runtime's lenient
 * parser decide first. A rejected message returns normally ({@code {"outcome":"rejected","reason":…}},
 * reason also logged): retrying it cannot help. A store failure throws, so the invocation is retried.
 */
public final class IotRuleHandler implements RequestStreamHandler {

    private static final ObjectMapper RESPONSE_WRITER = new ObjectMapper();

    private final MessageRouter router;

    public IotRuleHandler() {
        this(SinkWiring.router(SinkWiring.store(System.getenv()), System.getenv()));
    }

    public IotRuleHandler(MessageRouter router) {
        this.router = router;
    }

    @Override
    public void handleRequest(InputStream input, OutputStream output, Context context) throws IOException {
        // One read bounded by the event limit (the device's plus the rule's topic) plus one byte,
        // so an oversize event is seen as such.
        byte[] message = input.readNBytes(WireCodec.MAX_RULE_EVENT_BYTES + 1);
        MessageRouter.Routed routed = router.route(message);
        Map<String, String> response = new LinkedHashMap<>();
        response.put("outcome", routed.outcome().name().toLowerCase(Locale.ROOT));
        if (routed.reason() != null) {
            response.put("reason", routed.reason());
        }
        output.write(RESPONSE_WRITER.writeValueAsBytes(response));
    }
}
