package com.scalesense.protocol.internal;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;

/**
 * Finds the top-level schema_version of a payload that failed to bind. A message of another
 * major version may differ in any field, and its sender is best told that its version is
 * unknown, not that some field has the wrong type. Runs only after a failure, never on the
 * hot path.
 */
public final class SchemaVersionScan {

    private SchemaVersionScan() {
    }

    /** The rule a receiver of {@code expected} applies to schema_version. */
    public static String rule(int expected) {
        return "major version must be " + expected + " (the only one this receiver knows)";
    }

    /**
     * What is wrong with the payload's top-level schema_version, or null when it is {@code
     * expected} or the payload cannot be scanned (then the binding error stands).
     */
    public static String problem(JsonFactory factory, byte[] json, int expected) {
        try (var parser = factory.createParser(json)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                JsonToken value = parser.nextToken();
                if ("schema_version".equals(name)) {
                    boolean matches = value == JsonToken.VALUE_NUMBER_INT && parser.getValueAsLong() == expected;
                    return matches ? null : rule(expected) + ", was " + ErrorPaths.clip(parser.getText());
                }
                parser.skipChildren();
            }
            return "required field is missing";
        } catch (IOException e) {
            // The binding error already names where the text broke; the scan adds nothing.
            return null;
        }
    }
}
