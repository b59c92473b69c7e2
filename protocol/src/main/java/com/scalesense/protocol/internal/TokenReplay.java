package com.scalesense.protocol.internal;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * Tokens read ahead and kept to be read again: the fields of an event that came before its
 * {@code "type"}. Numbers are kept as their text and converted when read, as the parser would.
 */
final class TokenReplay {

    private final List<JsonToken> tokens = new ArrayList<>();
    private final List<String> texts = new ArrayList<>();
    private int at = -1;

    /** Keeps field {@code name} and its value, which starts at the parser's current token. */
    void copyField(JsonParser p, String name) throws IOException {
        add(JsonToken.FIELD_NAME, name);
        int depth = 0;
        JsonToken t = p.currentToken();
        while (true) {
            switch (t) {
                case START_OBJECT, START_ARRAY -> depth++;
                case END_OBJECT, END_ARRAY -> depth--;
                default -> { }
            }
            add(t, t == JsonToken.FIELD_NAME ? p.currentName() : p.getText());
            if (depth == 0) {
                return;
            }
            t = p.nextToken();
        }
    }

    private void add(JsonToken token, String text) {
        tokens.add(token);
        texts.add(text);
    }

    /** Moves to the next kept token; false when there is none left. */
    boolean advance() {
        at++;
        return at < tokens.size();
    }

    JsonToken token() {
        return tokens.get(at);
    }

    String text() {
        return texts.get(at);
    }

    void skipChildren() {
        JsonToken t = token();
        if (t != JsonToken.START_OBJECT && t != JsonToken.START_ARRAY) {
            return;
        }
        int depth = 1;
        while (depth > 0) {
            at++;
            switch (token()) {
                case START_OBJECT, START_ARRAY -> depth++;
                case END_OBJECT, END_ARRAY -> depth--;
                default -> { }
            }
        }
    }

    JsonParser.NumberType numberType() {
        if (token() == JsonToken.VALUE_NUMBER_FLOAT) {
            return JsonParser.NumberType.DOUBLE;
        }
        BigInteger value = new BigInteger(text());
        if (value.bitLength() < 32) {
            return JsonParser.NumberType.INT;
        }
        return value.bitLength() < 64 ? JsonParser.NumberType.LONG : JsonParser.NumberType.BIG_INTEGER;
    }

    long longValue() {
        BigInteger value = new BigInteger(text());
        if (value.bitLength() >= 64) {
            throw new NumberOutOfRange("Numeric value (" + text() + ") out of range of long (" + Long.MIN_VALUE + " - "
                    + Long.MAX_VALUE + ")");
        }
        return value.longValue();
    }

    int intValue() {
        BigInteger value = new BigInteger(text());
        if (value.bitLength() >= 32) {
            throw new NumberOutOfRange("Numeric value (" + text() + ") out of range of int (" + Integer.MIN_VALUE + " - "
                    + Integer.MAX_VALUE + ")");
        }
        return value.intValue();
    }

    double doubleValue() {
        return Double.parseDouble(text());
    }

    /** A kept integer too big for its field, worded as the parser words it. */
    static final class NumberOutOfRange extends RuntimeException {
        private static final long serialVersionUID = 1L;

        NumberOutOfRange(String message) {
            super(message, null, false, false);
        }
    }
}
