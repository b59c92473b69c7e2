package com.scalesense.protocol.internal;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.scalesense.protocol.MalformedMessageException;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;

/**
 * The tokens of one message with the JSON path of the value being read, and the strict readers of
 * the contract's value types. A value has exactly one spelling: text is never a number or a
 * boolean and the reverse, integers have no fraction, numbers are finite; each refusal is a
 * {@link MalformedMessageException} naming the path, worded as the databind codec before issue 18
 * worded it (the golden corpus holds the two to the same words).
 *
 * <p>Not thread-safe: one per message.
 */
final class JsonIn {

    private final JsonParser parser;
    /** Field names and list indexes ({@link Integer}) down to the value being read. */
    private final Deque<Object> path = new ArrayDeque<>();
    /** Tokens read ahead (an event whose "type" came after other fields), replayed before the parser's. */
    private TokenReplay replay;

    JsonIn(JsonParser parser) {
        this.parser = parser;
    }

    JsonParser parser() {
        return parser;
    }

    // ------------------------------------------------------------------ tokens

    JsonToken next() throws IOException {
        if (replay != null) {
            if (replay.advance()) {
                return replay.token();
            }
            replay = null;
        }
        return parser.nextToken();
    }

    JsonToken token() {
        return replay != null ? replay.token() : parser.currentToken();
    }

    String text() throws IOException {
        return replay != null ? replay.text() : parser.getText();
    }

    String fieldName() throws IOException {
        return replay != null ? replay.text() : parser.currentName();
    }

    /** Skips the value at the current token (a container with all it holds). */
    void skipValue() throws IOException {
        if (replay != null) {
            replay.skipChildren();
        } else {
            parser.skipChildren();
        }
    }

    /** From now on the tokens of {@code tokens} come first, then the parser's. */
    void replay(TokenReplay tokens) {
        this.replay = tokens;
    }

    // ------------------------------------------------------------------ paths

    void enter(String field) {
        path.addLast(field);
    }

    void enter(int index) {
        path.addLast(index);
    }

    void leave() {
        path.removeLast();
    }

    String path() {
        return ErrorPaths.of(path);
    }

    MalformedMessageException fail(String rule) {
        return new MalformedMessageException(path(), ErrorPaths.rule(rule));
    }

    /** The path one field further than here: where a required field is missing. */
    MalformedMessageException missing(String field) {
        enter(field);
        MalformedMessageException e = fail("required field is missing");
        leave();
        return e;
    }

    // ------------------------------------------------------------------ refusals in the old words

    MalformedMessageException wrongShape(String type) {
        JsonToken t = token();
        return fail("Cannot deserialize value of type " + type + " from " + shape(t) + " (token `JsonToken." + t.name()
                + "`)");
    }

    /** An object type (record or container) given a scalar. */
    MalformedMessageException noCreator(String simpleName) throws IOException {
        JsonToken t = token();
        String from = switch (t) {
            case VALUE_STRING -> "String-argument constructor/factory method to deserialize from String value ('"
                    + text() + "')";
            case VALUE_NUMBER_INT -> switch (numberType()) {
                case INT -> "int/Int";
                case LONG -> "long/Long";
                default -> "BigInteger";
            } + "-argument constructor/factory method to deserialize from Number value (" + text() + ")";
            case VALUE_NUMBER_FLOAT -> "double/Double-argument constructor/factory method to deserialize from Number value ("
                    + doubleValue() + ")";
            default -> "boolean/Boolean-argument constructor/factory method to deserialize from boolean value ("
                    + text() + ")";
        };
        return fail("Cannot construct instance of " + simpleName + " (although at least one Creator exists): no " + from);
    }

    MalformedMessageException emptyString(String target) {
        return fail("Cannot coerce empty String (\"\") to " + target + " value");
    }

    MalformedMessageException nullElement(String property) {
        return fail("Invalid `null` value encountered for property \"" + property + "\"");
    }

    private static String shape(JsonToken t) {
        return switch (t) {
            case START_ARRAY -> "Array value";
            case START_OBJECT, FIELD_NAME -> "Object value";
            case VALUE_STRING -> "String value";
            case VALUE_NUMBER_INT -> "Integer value";
            case VALUE_NUMBER_FLOAT -> "Floating-point value";
            case VALUE_TRUE, VALUE_FALSE -> "Boolean value";
            case VALUE_NULL -> "Null value";
            default -> "Token value";
        };
    }

    // ------------------------------------------------------------------ numbers as the parser reads them

    JsonParser.NumberType numberType() throws IOException {
        return replay != null ? replay.numberType() : parser.getNumberType();
    }

    long longValue() throws IOException {
        try {
            return replay != null ? replay.longValue() : parser.getLongValue();
        } catch (TokenReplay.NumberOutOfRange e) {
            throw fail(e.getMessage());
        }
    }

    int intValue() throws IOException {
        try {
            return replay != null ? replay.intValue() : parser.getIntValue();
        } catch (TokenReplay.NumberOutOfRange e) {
            throw fail(e.getMessage());
        }
    }

    double doubleValue() throws IOException {
        return replay != null ? replay.doubleValue() : parser.getDoubleValue();
    }

    // ------------------------------------------------------------------ scalars

    /** An integer field that must be present ({@code long}): no fraction, no text, no null. */
    long readLong() throws IOException {
        integer("`long`");
        return longValue();
    }

    /** An {@code int} field: as {@link #readLong}, within the range of an int. */
    int readInt() throws IOException {
        integer("`int`");
        return intValue();
    }

    private void integer(String type) throws IOException {
        switch (token()) {
            case VALUE_NUMBER_INT -> {
            }
            case VALUE_NUMBER_FLOAT -> throw fail("Cannot coerce Floating-point value (" + text() + ") to " + type + " value");
            case VALUE_STRING -> throw text().isEmpty() ? emptyString(type) : fail("Cannot coerce String value (\""
                    + text() + "\") to " + type + " value (but might if coercion using `CoercionConfig` was enabled)");
            case VALUE_NULL -> throw nullPrimitive(type);
            default -> throw wrongShape(type);
        }
    }

    /** A boolean field that must be present. */
    boolean readBoolean() throws IOException {
        return bool("`boolean`");
    }

    /** A boolean in a map: as {@link #readBoolean}. */
    Boolean readBoxedBoolean() throws IOException {
        return bool("Boolean");
    }

    private boolean bool(String type) throws IOException {
        return switch (token()) {
            case VALUE_TRUE -> true;
            case VALUE_FALSE -> false;
            case VALUE_NUMBER_INT -> throw fail("Cannot coerce Integer value (" + text() + ") to " + type + " value");
            case VALUE_STRING -> throw text().isEmpty() ? emptyString(type) : fail("Cannot coerce String value (\""
                    + text() + "\") to " + type + " value (but might if coercion using `CoercionConfig` was enabled)");
            case VALUE_NULL -> throw nullPrimitive(type);
            default -> throw wrongShape(type);
        };
    }

    private MalformedMessageException nullPrimitive(String type) {
        return fail("Cannot map `null` into type " + type
                + " (set DeserializationConfig.DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES to 'false' to allow)");
    }

    /** Text or null; a number or boolean is not text. */
    String readString() throws IOException {
        return switch (token()) {
            case VALUE_STRING -> text();
            case VALUE_NULL -> null;
            case VALUE_NUMBER_INT -> throw fail("Cannot coerce Integer value (" + text() + ") to String value");
            case VALUE_NUMBER_FLOAT -> throw fail("Cannot coerce Float value (" + text() + ") to String value");
            case VALUE_TRUE, VALUE_FALSE -> throw fail("Cannot coerce Boolean value (" + text() + ") to String value");
            default -> throw wrongShape("String");
        };
    }

    /** A decimal that may be null: a finite JSON number. */
    Double readBoxedDouble() throws IOException {
        if (token() == JsonToken.VALUE_NULL) {
            return null;
        }
        return finite("Double");
    }

    /** A decimal that must be present: a finite JSON number. */
    double readDouble() throws IOException {
        if (token() == JsonToken.VALUE_NULL) {
            throw fail("must be a number, was null");
        }
        return finite("`double`");
    }

    private double finite(String type) throws IOException {
        JsonToken t = token();
        if (t != JsonToken.VALUE_NUMBER_FLOAT && t != JsonToken.VALUE_NUMBER_INT) {
            throw fail("must be a JSON number");
        }
        double value = doubleValue();
        if (!Double.isFinite(value)) {
            throw fail("Cannot deserialize value of type " + type + " from number " + value
                    + ": must be a finite number within the range of a double");
        }
        return value;
    }

    /** One of {@code constants} by its lower snake_case name, or null. */
    <E extends Enum<E>> E readEnum(Class<E> type, E[] constants) throws IOException {
        JsonToken t = token();
        if (t == JsonToken.VALUE_NULL) {
            return null;
        }
        if (t != JsonToken.VALUE_STRING) {
            throw wrongShape(type.getSimpleName());
        }
        String name = text();
        String[] names = WireNames.of(type);
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(name)) {
                return constants[i];
            }
        }
        throw fail("Cannot deserialize value of type " + type.getSimpleName() + " from String \"" + name
                + "\": must be one of " + Arrays.toString(names));
    }
}
