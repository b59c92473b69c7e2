package com.scalesense.protocol;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.scalesense.protocol.internal.ErrorPaths;
import com.scalesense.protocol.internal.SchemaVersionScan;
import com.scalesense.protocol.internal.WireMapper;
import java.io.IOException;

/**
 * Protocol messages to and from UTF-8 JSON: snake_case fields, enums as lower snake_case
 * strings, {@link DeviceEvent}s tagged by {@code "type"}, null numbers left out.
 *
 * <p>Reading is strict: duplicate keys, NaN/Infinity, trailing tokens, text where a number
 * belongs (and the reverse), fractions in integer fields, numbers out of range, nesting deeper
 * than 32 and payloads over {@link #MAX_PAYLOAD_BYTES} are {@link MalformedMessageException}s
 * naming the JSON path. Unknown fields are ignored, so newer firmware can add fields. Decoding
 * checks form only; the rules of the contract are {@link MessageValidator}'s.
 *
 * <p>Thread-safe and reusable: build one and share it.
 */
public final class WireCodec {

    /** Largest payload accepted, in bytes; AWS IoT Core's MQTT payload limit is 128 KB. */
    public static final int MAX_PAYLOAD_BYTES = 128 * 1024;

    private final ObjectMapper mapper = WireMapper.create(MAX_PAYLOAD_BYTES);
    private final ObjectReader batchReader = mapper.readerFor(ReadingsBatch.class);
    private final ObjectReader registrationReader = mapper.readerFor(BootRegistration.class);
    private final ObjectReader commandReader = mapper.readerFor(DeviceCommand.class);

    public WireCodec() {
        // The mapper is configured once in WireMapper; nothing else to set up.
    }

    /**
     * Encodes a protocol record, event or command as UTF-8 JSON.
     *
     * @throws MalformedMessageException naming the path of a NaN or infinite number
     * @throws ProtocolException         if {@code message} is not a type of this package
     */
    public byte[] encode(Object message) {
        if (message == null || !message.getClass().getName().startsWith(WireCodec.class.getPackageName() + ".")) {
            throw new ProtocolException("only protocol messages can be encoded, was "
                    + (message == null ? "null" : message.getClass().getName()) + ".");
        }
        try {
            return mapper.writeValueAsBytes(message);
        } catch (JsonProcessingException e) {
            throw new MalformedMessageException(ErrorPaths.pathOf(e), ErrorPaths.ruleOf(e), e);
        }
    }

    /**
     * Decodes one message of {@code type}; a {@link ReadingsBatch} or {@link BootRegistration}
     * also has its schema_version checked.
     *
     * @throws MalformedMessageException naming the JSON path and the rule
     */
    public <T> T decode(byte[] json, Class<T> type) {
        if (type == ReadingsBatch.class || type == BootRegistration.class) {
            return type.cast(readVersioned(json, mapper.readerFor(type)));
        }
        return read(json, mapper.readerFor(type));
    }

    /**
     * Decodes a batch: size first, then form and schema_version. When a payload fails to bind
     * and its schema_version is not {@link ReadingsBatch#SCHEMA_VERSION}, the error names the
     * version, since a message of another version may differ anywhere.
     */
    public ReadingsBatch decodeBatch(byte[] json) {
        return (ReadingsBatch) readVersioned(json, batchReader);
    }

    /** Decodes a boot registration like {@link #decodeBatch}. */
    public BootRegistration decodeRegistration(byte[] json) {
        return (BootRegistration) readVersioned(json, registrationReader);
    }

    /** Decodes a command sent to a scale. */
    public DeviceCommand decodeCommand(byte[] json) {
        return read(json, commandReader);
    }

    private static <T> T read(byte[] json, ObjectReader reader) {
        if (json == null) {
            throw new MalformedMessageException(ErrorPaths.ROOT, "payload must not be null");
        }
        if (json.length > MAX_PAYLOAD_BYTES) {
            throw new MalformedMessageException(ErrorPaths.ROOT, "payload must be at most " + MAX_PAYLOAD_BYTES
                    + " bytes, was " + json.length);
        }
        try {
            T value = reader.readValue(json);
            if (value == null) {
                throw new MalformedMessageException(ErrorPaths.ROOT, "payload must be a JSON object, was null");
            }
            return value;
        } catch (JsonProcessingException e) {
            throw new MalformedMessageException(ErrorPaths.pathOf(e), ErrorPaths.ruleOf(e), e);
        } catch (IOException e) {
            // Only a byte array is read, so this is a broken stream (e.g. invalid UTF-8), not I/O.
            throw new MalformedMessageException(ErrorPaths.ROOT, "payload is not readable JSON: " + e.getMessage(), e);
        }
    }

    private Object readVersioned(byte[] json, ObjectReader reader) {
        Object message;
        try {
            message = read(json, reader);
        } catch (MalformedMessageException e) {
            String versionProblem = SchemaVersionScan.problem(mapper.getFactory(), json, ReadingsBatch.SCHEMA_VERSION);
            if (versionProblem != null) {
                throw new MalformedMessageException("schema_version", versionProblem, e);
            }
            throw e;
        }
        int version = message instanceof ReadingsBatch batch
                ? batch.schemaVersion() : ((BootRegistration) message).schemaVersion();
        if (version != ReadingsBatch.SCHEMA_VERSION) {
            throw new MalformedMessageException("schema_version",
                    SchemaVersionScan.rule(ReadingsBatch.SCHEMA_VERSION) + ", was " + version);
        }
        return message;
    }
}
