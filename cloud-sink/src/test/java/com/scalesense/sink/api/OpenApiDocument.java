package com.scalesense.sink.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/** cloud-sink/openapi.yaml, read as a tree, with a structural check of a response against a schema. */
final class OpenApiDocument {

    static final Path FILE = Path.of("openapi.yaml");
    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch");

    private final JsonNode root;

    private OpenApiDocument(JsonNode root) {
        this.root = root;
    }

    static OpenApiDocument load() {
        try {
            return new OpenApiDocument(new ObjectMapper(new YAMLFactory()).readTree(FILE.toFile()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code "GET /v1/locations/{loc_id}/dashboard"} for every documented operation. */
    Set<String> operations() {
        Set<String> out = new TreeSet<>();
        root.get("paths").fields().forEachRemaining(path -> path.getValue().fieldNames().forEachRemaining(m -> {
            if (METHODS.contains(m)) {
                out.add(m.toUpperCase(Locale.ROOT) + " " + path.getKey());
            }
        }));
        return out;
    }

    /** The schema of an operation's response with {@code status}, $ref resolved. */
    JsonNode responseSchema(String method, String path, int status) {
        JsonNode response = resolve(root.get("paths").get(path).get(method.toLowerCase(Locale.ROOT))
                .get("responses").get(String.valueOf(status)));
        return resolve(response.at("/content/application~1json/schema"));
    }

    JsonNode schema(String name) {
        return root.at("/components/schemas/" + name);
    }

    /**
     * Every field of {@code body} is documented in {@code schema}, every required field is present,
     * and types (object, array, string, number, integer, boolean; null only where nullable) agree,
     * recursively. Returns the mismatches, empty when the body fits.
     */
    List<String> mismatches(JsonNode body, JsonNode schema) {
        List<String> out = new ArrayList<>();
        check(body, resolve(schema), "$", out);
        return out;
    }

    void assertFits(JsonNode body, String method, String path, int status) {
        assertThat(mismatches(body, responseSchema(method, path, status))).as(method + " " + path + " " + status).isEmpty();
    }

    private void check(JsonNode value, JsonNode schema, String at, List<String> out) {
        if (value.isNull()) {
            if (!schema.path("nullable").asBoolean(false)) {
                out.add(at + " is null but not nullable");
            }
            return;
        }
        String type = schema.path("type").asText("object");
        switch (type) {
            case "object" -> {
                if (!value.isObject()) {
                    out.add(at + " should be an object");
                    return;
                }
                JsonNode props = schema.path("properties");
                for (Iterator<String> it = value.fieldNames(); it.hasNext(); ) {
                    String name = it.next();
                    if (!props.has(name)) {
                        out.add(at + "." + name + " is not documented");
                    } else {
                        check(value.get(name), resolve(props.get(name)), at + "." + name, out);
                    }
                }
                schema.path("required").forEach(r -> {
                    if (!value.has(r.asText())) {
                        out.add(at + "." + r.asText() + " is required but missing");
                    }
                });
            }
            case "array" -> {
                if (!value.isArray()) {
                    out.add(at + " should be an array");
                    return;
                }
                for (int i = 0; i < value.size(); i++) {
                    check(value.get(i), resolve(schema.get("items")), at + "[" + i + "]", out);
                }
            }
            case "string" -> {
                if (!value.isTextual()) {
                    out.add(at + " should be a string");
                } else if (schema.has("enum") && !contains(schema.get("enum"), value.asText())) {
                    out.add(at + " = " + value.asText() + " is not in " + schema.get("enum"));
                }
            }
            case "number" -> expect(value.isNumber(), at + " should be a number", out);
            case "integer" -> expect(value.isIntegralNumber(), at + " should be an integer", out);
            case "boolean" -> expect(value.isBoolean(), at + " should be a boolean", out);
            default -> out.add(at + ": unknown schema type " + type);
        }
    }

    private static boolean contains(JsonNode values, String v) {
        for (JsonNode n : values) {
            if (n.asText().equals(v)) {
                return true;
            }
        }
        return false;
    }

    private static void expect(boolean ok, String message, List<String> out) {
        if (!ok) {
            out.add(message);
        }
    }

    private JsonNode resolve(JsonNode node) {
        JsonNode n = node;
        while (n != null && n.has("$ref")) {
            n = root.at(n.get("$ref").asText().substring(1));
        }
        return n;
    }
}
