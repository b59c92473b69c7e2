package com.scalesense.protocol.internal;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;
import com.scalesense.protocol.MalformedMessageException;
import java.io.IOException;

/**
 * Reads one message of a type from bytes and writes one to bytes, with the codec's factory:
 * the whole payload is one value of that type with nothing after it.
 */
public final class WireBinding {

    private final JsonFactory factory;

    public WireBinding(JsonFactory factory) {
        this.factory = factory;
    }

    /**
     * The message of {@code type} (a batch, reading, event, registration or command) in {@code json}.
     *
     * @throws MalformedMessageException naming the JSON path and the rule
     */
    public <T> T read(byte[] json, Class<T> type) {
        try (JsonParser p = factory.createParser(json)) {
            if (p.nextToken() == null) {
                throw new MalformedMessageException(ErrorPaths.ROOT, "No content to map due to end-of-input");
            }
            Object value = WireReader.read(new JsonIn(p), type);
            JsonToken trailing = p.nextToken();
            if (trailing != null) {
                throw new MalformedMessageException(ErrorPaths.ROOT, "Trailing token (of type " + trailing
                        + ") found after value (bound as " + type.getSimpleName()
                        + "): not allowed as per `DeserializationFeature.FAIL_ON_TRAILING_TOKENS`");
            }
            if (value == null) {
                throw new MalformedMessageException(ErrorPaths.ROOT, "payload must be a JSON object, was null");
            }
            return type.cast(value);
        } catch (JsonProcessingException e) {
            throw new MalformedMessageException(ErrorPaths.pathOf(e), ErrorPaths.ruleOf(e), e);
        } catch (IOException e) {
            // Only a byte array is read, so this is a broken stream, not I/O.
            throw new MalformedMessageException(ErrorPaths.ROOT, "payload is not readable JSON: " + e.getMessage(), e);
        }
    }

    /**
     * {@code message} as UTF-8 JSON, or null if it is not one of the contract's messages.
     *
     * @throws MalformedMessageException naming the path of a NaN or infinite number
     */
    public byte[] write(Object message) {
        try (var out = new ByteArrayBuilder(factory._getBufferRecycler())) {
            try (JsonGenerator g = factory.createGenerator(out, JsonEncoding.UTF8)) {
                if (!new WireWriter(g).write(message)) {
                    return null;
                }
            }
            return out.toByteArray();
        } catch (IOException e) {
            throw new MalformedMessageException(ErrorPaths.ROOT, "not writable as JSON: " + e.getMessage(), e);
        }
    }

    /** {@code text} as a JSON string, quotes and escapes included. */
    public byte[] quoted(String text) {
        try (var out = new ByteArrayBuilder(factory._getBufferRecycler())) {
            try (JsonGenerator g = factory.createGenerator(out, JsonEncoding.UTF8)) {
                g.writeString(text);
            }
            return out.toByteArray();
        } catch (IOException e) {
            throw new MalformedMessageException(ErrorPaths.ROOT, "not writable as JSON: " + e.getMessage(), e);
        }
    }
}
