package com.scalesense.agent.control.internal;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.scalesense.control.ControlException;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The agent's end of the control socket's JSON on jackson-core's streaming parser and generator,
 * without databind: databind's 400 classes stayed loaded after a technician's first request
 * (+7.2 MiB RSS until restart, issue 18). The bytes are those {@code ControlJson.MAPPER} (the
 * client's databind mapper) writes for the same value: record components in declaration order,
 * snake_case names, nulls written; {@code ControlLineCodecTest} holds the two side by side.
 */
final class ControlLineCodec {

    private static final JsonFactory JSON = new JsonFactory();

    private ControlLineCodec() {
    }

    /**
     * One request line's top-level fields, each value as parsed; a later duplicate key wins, and
     * anything after the object is ignored (as databind's {@code readTree} did).
     *
     * @throws ControlException naming {@code request} when the line is not one JSON object
     */
    static Map<String, Value> request(String line) {
        try (JsonParser p = JSON.createParser(line)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw notAnObject(line);
            }
            Map<String, Value> fields = new HashMap<>();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken token = p.nextToken();
                String text = token == JsonToken.VALUE_STRING ? p.getText() : null;
                double number = token.isNumeric() ? p.getDoubleValue() : Double.NaN;
                fields.put(name, new Value(token, text, number, copy(p)));
            }
            return fields;
        } catch (IOException e) {
            throw notAnObject(line);
        }
    }

    /** The value as compact JSON text, for the error messages that quote it. */
    private static String copy(JsonParser p) throws IOException {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = JSON.createGenerator(out)) {
            g.copyCurrentStructure(p);
        }
        return out.toString();
    }

    private static ControlException notAnObject(String line) {
        return ControlException.badField("request", line, "must be one JSON object per line");
    }

    /** {@code {"ok":true,"<key>":<value>}} on one line (without the newline). */
    static String ok(String key, Object value) {
        return line(g -> {
            g.writeBooleanField("ok", true);
            g.writeFieldName(key);
            write(g, value);
        });
    }

    /** {@code {"ok":false,"error":{"code":...,"message":...}}} on one line (without the newline). */
    static String error(String code, String message) {
        return line(g -> {
            g.writeBooleanField("ok", false);
            g.writeObjectFieldStart("error");
            g.writeStringField("code", code);
            g.writeStringField("message", message);
            g.writeEndObject();
        });
    }

    private interface Fields {
        void write(JsonGenerator g) throws IOException;
    }

    private static String line(Fields fields) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = JSON.createGenerator(out)) {
            g.writeStartObject();
            fields.write(g);
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("a control reply could not be written", e);
        }
        return out.toString();
    }

    /** Records (the control-link replies), lists, maps with string keys, strings, numbers, booleans and null. */
    private static void write(JsonGenerator g, Object v) throws IOException {
        if (v == null) {
            g.writeNull();
        } else if (v instanceof String s) {
            g.writeString(s);
        } else if (v instanceof Boolean b) {
            g.writeBoolean(b);
        } else if (v instanceof Integer i) {
            g.writeNumber(i);
        } else if (v instanceof Long l) {
            g.writeNumber(l);
        } else if (v instanceof Double d) {
            g.writeNumber(d);
        } else if (v instanceof List<?> list) {
            g.writeStartArray();
            for (Object item : list) {
                write(g, item);
            }
            g.writeEndArray();
        } else if (v instanceof Map<?, ?> map) {
            g.writeStartObject();
            for (Map.Entry<?, ?> e : map.entrySet()) {
                g.writeFieldName(String.valueOf(e.getKey()));
                write(g, e.getValue());
            }
            g.writeEndObject();
        } else if (v instanceof Record r) {
            writeRecord(g, r);
        } else {
            throw new IllegalArgumentException("a control reply cannot hold a " + v.getClass().getName());
        }
    }

    private static void writeRecord(JsonGenerator g, Record r) throws IOException {
        g.writeStartObject();
        for (RecordComponent c : r.getClass().getRecordComponents()) {
            g.writeFieldName(snakeCase(c.getName()));
            try {
                write(g, c.getAccessor().invoke(r));
            } catch (IllegalAccessException | InvocationTargetException e) {
                throw new IllegalStateException("record component " + c.getName() + " cannot be read", e);
            }
        }
        g.writeEndObject();
    }

    /** Databind's SNAKE_CASE: an underscore before an upper-case letter that does not follow another, all lower case. */
    static String snakeCase(String name) {
        StringBuilder out = new StringBuilder(name.length() + 4);
        boolean previousUpper = false;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (i == 0 && c == '_') {
                continue;
            }
            if (Character.isUpperCase(c)) {
                if (!previousUpper && out.length() > 0 && out.charAt(out.length() - 1) != '_') {
                    out.append('_');
                }
                out.append(Character.toLowerCase(c));
                previousUpper = true;
            } else {
                out.append(c);
                previousUpper = false;
            }
        }
        return out.toString();
    }

    /**
     * One request field's value: its token, its text when a string, its number when numeric (NaN
     * otherwise) and its compact JSON, which {@link #toString()} gives for the error messages.
     */
    record Value(JsonToken token, String text, double number, String json) {

        boolean isText() {
            return token == JsonToken.VALUE_STRING;
        }

        boolean isNumber() {
            return token.isNumeric();
        }

        boolean isNull() {
            return token == JsonToken.VALUE_NULL;
        }

        boolean isBoolean() {
            return token == JsonToken.VALUE_TRUE || token == JsonToken.VALUE_FALSE;
        }

        /** True for JSON true; false for anything else (check {@link #isBoolean()} first). */
        boolean isTrue() {
            return token == JsonToken.VALUE_TRUE;
        }

        @Override
        public String toString() {
            return json;
        }
    }
}
