package com.scalesense.cal.output;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;

/**
 * {@code --json} output: one compact JSON object per line, snake_case keys as on the control
 * socket, nulls kept (a script sees every key, set or not). Formats as the keys and
 * {@link com.scalesense.control.Replies} say.
 */
public final class Json {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);

    private Json() {
    }

    /** One line of JSON for {@code value} (a record, a map or a node). */
    public static String line(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** An empty object to fill, e.g. a command's result wrapper. */
    public static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    /** {@code value} as a JSON tree, to place inside an {@link #object()}. */
    public static com.fasterxml.jackson.databind.JsonNode tree(Object value) {
        return MAPPER.valueToTree(value);
    }

    /** The error object of a failed command: {@code {"ok":false,"error":{"code","message","exit"}}}. */
    public static String error(String code, String message, int exit) {
        ObjectNode node = object().put("ok", false);
        node.putObject("error").put("code", code).put("message", message).put("exit", exit);
        return line(node);
    }
}
