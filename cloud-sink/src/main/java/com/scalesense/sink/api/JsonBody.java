package com.scalesense.sink.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.scalesense.sink.validation.InvalidInputException;
import java.util.Iterator;
import java.util.Set;
import java.util.TreeSet;

/**
 * A request body read as one JSON object, each field checked for its type as it is taken. Names
 * not in the allowed set are refused, so a misspelt {@code kegtype} is an error rather than a
 * silently defaulted field.
 */
final class JsonBody {

    /** Every body of this API is a few hundred bytes; 16 KB leaves room and bounds the parse. */
    static final int MAX_BYTES = 16 * 1024;

    private final JsonNode root;

    private JsonBody(JsonNode root) {
        this.root = root;
    }

    static JsonBody parse(String body, Set<String> allowed) {
        if (body == null || body.isBlank()) {
            throw new InvalidInputException("body", "<empty>", "must be a JSON object");
        }
        if (body.length() > MAX_BYTES) {
            throw new InvalidInputException("body", "<" + body.length() + " characters>", "must be at most " + MAX_BYTES + " bytes");
        }
        JsonNode root;
        try {
            root = Json.MAPPER.readTree(body);
        } catch (JsonProcessingException e) {
            throw new InvalidInputException("body", body, "must be valid JSON (" + e.getOriginalMessage() + ")");
        }
        if (root == null || !root.isObject()) {
            throw new InvalidInputException("body", body, "must be a JSON object");
        }
        for (Iterator<String> names = root.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!allowed.contains(name)) {
                throw new InvalidInputException(name, root.get(name), "is not a field of this request; allowed: "
                        + new TreeSet<>(allowed));
            }
        }
        return new JsonBody(root);
    }

    /** A required string. */
    String text(String field) {
        String v = optionalText(field);
        if (v == null) {
            throw new InvalidInputException(field, "<missing>", "is required");
        }
        return v;
    }

    /** A string or absent/null. */
    String optionalText(String field) {
        JsonNode n = present(field);
        if (n == null) {
            return null;
        }
        if (!n.isTextual()) {
            throw new InvalidInputException(field, n, "must be a string");
        }
        return n.textValue();
    }

    /** A number or absent/null. */
    Double optionalNumber(String field) {
        JsonNode n = present(field);
        if (n == null) {
            return null;
        }
        if (!n.isNumber()) {
            throw new InvalidInputException(field, n, "must be a number");
        }
        return n.doubleValue();
    }

    /** A JSON boolean ({@code true}/{@code false}, not the text "true") or absent/null ({@code fallback}). */
    boolean optionalBoolean(String field, boolean fallback) {
        JsonNode n = present(field);
        if (n == null) {
            return fallback;
        }
        if (!n.isBoolean()) {
            throw new InvalidInputException(field, n, "must be true or false");
        }
        return n.booleanValue();
    }

    /** A whole number or absent/null ({@code fallback}). */
    int optionalInt(String field, int fallback) {
        JsonNode n = present(field);
        if (n == null) {
            return fallback;
        }
        if (!n.isIntegralNumber() || !n.canConvertToInt()) {
            throw new InvalidInputException(field, n, "must be a whole number");
        }
        return n.intValue();
    }

    /** The field's value, null when it is absent or JSON null (an optional field left out). */
    private JsonNode present(String field) {
        JsonNode n = root.get(field);
        return n == null || n.isNull() ? null : n;
    }
}
