package com.scalesense.sink.handler;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.scalesense.protocol.MalformedMessageException;
import com.scalesense.protocol.Violation;
import com.scalesense.sink.RejectedMessageException;
import java.io.IOException;
import java.util.List;
import java.util.Locale;

/**
 * The {@code topic} member the IoT Rule adds ({@code SELECT *, topic() AS topic}), read from the
 * event's tokens without building its tree: the codec parses the message once, into the batch or
 * registration.
 *
 * <p>The scan reads the whole root value as a tree read would (every string decoded, every number
 * converted, the same nesting limit), so the same bytes are refused with the same reason: not one
 * well-formed JSON value (trailing content after it ignored), not an object, no textual
 * {@code topic} (the last one counts when it repeats). Only a refused root that is not an object,
 * or a topic that is not text, is read as a (small) tree, for its type or text in the reason.
 */
final class RuleTopic {

    /** Only the top-level "topic" is read here; the codec enforces its own, stricter nesting limit. */
    private static final int MAX_DEPTH = 64;

    private final ObjectMapper reader = new ObjectMapper();

    RuleTopic() {
        reader.getFactory().setStreamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH).build());
    }

    /**
     * @throws MalformedMessageException naming {@code $} if the message is not one JSON object
     * @throws RejectedMessageException  naming {@code topic} if it has no textual topic
     */
    String of(byte[] message) {
        try (JsonParser p = reader.createParser(message)) {
            JsonToken first = p.nextToken();
            if (first != JsonToken.START_OBJECT) {
                notAnObject(first == null ? null : reader.readTree(p));
            }
            String topic = null;
            JsonNode notText = null;
            for (JsonToken t = p.nextToken(); t != JsonToken.END_OBJECT; t = p.nextToken()) {
                String field = p.currentName();
                JsonToken value = p.nextToken();
                if ("topic".equals(field)) {
                    topic = value == JsonToken.VALUE_STRING ? p.getText() : null;
                    notText = value == JsonToken.VALUE_STRING ? null : reader.readTree(p);
                } else {
                    readValue(p, value);
                }
            }
            if (topic == null) {
                throw MessageRouter.rejected("topic", notText == null ? null : notText.toString(),
                        "must be a string added by the IoT Rule (SELECT *, topic() AS topic)");
            }
            return topic;
        } catch (IOException e) {
            String why = e instanceof JsonProcessingException j ? j.getOriginalMessage() : e.getMessage();
            throw new MalformedMessageException("$", "must be one well-formed JSON object ("
                    + (why.length() > 120 ? why.substring(0, 120) + "…" : why) + ")", e);
        }
    }

    /**
     * Reads one value starting at {@code token} as a tree read would, keeping nothing: strings are
     * decoded and numbers converted, so a broken escape or byte fails here as it did in the tree.
     */
    private static void readValue(JsonParser p, JsonToken token) throws IOException {
        int depth = 0;
        JsonToken t = token;
        while (true) {
            switch (t) {
                case START_OBJECT, START_ARRAY -> depth++;
                case END_OBJECT, END_ARRAY -> depth--;
                case VALUE_STRING -> p.getText();
                case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> p.getNumberValue();
                default -> { }
            }
            if (depth == 0) {
                return;
            }
            t = p.nextToken();
        }
    }

    private static void notAnObject(JsonNode root) {
        throw new MalformedMessageException("$", "must be one JSON object, was "
                + (root == null || root.isMissingNode() ? "empty" : root.getNodeType().name().toLowerCase(Locale.ROOT)));
    }
}
