package com.scalesense.protocol;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.scalesense.protocol.internal.ErrorPaths;
import com.scalesense.protocol.internal.SchemaVersionScan;
import com.scalesense.protocol.internal.StrictUtf8;
import com.scalesense.protocol.internal.WireMapper;
import java.io.IOException;

/**
 * Protocol messages to and from UTF-8 JSON: snake_case fields, enums as lower snake_case
 * strings, {@link DeviceEvent}s tagged by {@code "type"}, null numbers left out.
 *
 * <p>Reading is strict: anything but well-formed UTF-8 without a byte order mark (RFC 8259
 * §8.1: no UTF-16 or UTF-32, no over-long forms, surrogates or code points above U+10FFFF),
 * duplicate keys, NaN/Infinity, trailing tokens, text where a number belongs (and the reverse),
 * fractions in integer fields, numbers out of range, nesting deeper than 32 and payloads over
 * the size limit are {@link MalformedMessageException}s naming the JSON path. Unknown fields are ignored, so newer firmware can add fields. Decoding
 * checks form only; the rules of the contract are {@link MessageValidator}'s.
 *
 * <p>Thread-safe and reusable: build one and share it.
 */
public final class WireCodec {

    /** Largest payload a device may send, in bytes; AWS IoT Core's MQTT payload limit is 128 KB. */
    public static final int MAX_PAYLOAD_BYTES = 128 * 1024;

    /** Longest MQTT topic AWS IoT Core takes: 256 bytes of UTF-8 (AWS IoT Core quotas, message broker). */
    public static final int MAX_TOPIC_BYTES = 256;

    /**
     * What the IoT Rule {@code SELECT *, topic() AS topic} adds to the device's JSON at most:
     * {@code ,"topic":"…"} with a topic of {@link #MAX_TOPIC_BYTES}, 267 bytes. The size limit is
     * the device's; a sink reading rule events allows for this (see {@link #forRuleEvents}).
     */
    public static final int RULE_TOPIC_ALLOWANCE = ",\"topic\":\"\"".length() + MAX_TOPIC_BYTES;

    /** Largest IoT Rule event: a device payload of {@link #MAX_PAYLOAD_BYTES} plus the rule's topic. */
    public static final int MAX_RULE_EVENT_BYTES = MAX_PAYLOAD_BYTES + RULE_TOPIC_ALLOWANCE;

    /** Writes a topic as a JSON string, to count the bytes the rule added. */
    private static final ObjectMapper QUOTER = new ObjectMapper();

    private final int maxBytes;
    private final ObjectMapper mapper;
    private final ObjectReader batchReader;
    private final ObjectReader registrationReader;
    private final ObjectReader commandReader;

    /** A codec for what a device sends and receives: at most {@link #MAX_PAYLOAD_BYTES}. */
    public WireCodec() {
        this(MAX_PAYLOAD_BYTES);
    }

    private WireCodec(int maxBytes) {
        this.maxBytes = maxBytes;
        this.mapper = WireMapper.create(maxBytes);
        this.batchReader = mapper.readerFor(ReadingsBatch.class);
        this.registrationReader = mapper.readerFor(BootRegistration.class);
        this.commandReader = mapper.readerFor(DeviceCommand.class);
    }

    /**
     * A codec for IoT Rule events (the device's JSON with the rule's {@code topic} added): at most
     * {@link #MAX_RULE_EVENT_BYTES}, so a device payload just under {@link #MAX_PAYLOAD_BYTES} is
     * not refused for the bytes the rule added. The receiver checks the device's own share with
     * {@link #devicePayloadBytes}.
     */
    public static WireCodec forRuleEvents() {
        return new WireCodec(MAX_RULE_EVENT_BYTES);
    }

    /**
     * The bytes of an IoT Rule event that came from the device: the event less the member
     * {@code ,"topic":"<topic>"} the rule added (the topic as the event carries it, JSON-escaped).
     */
    public static int devicePayloadBytes(int eventBytes, String topic) {
        try {
            return eventBytes - ",\"topic\":".length() - QUOTER.writeValueAsBytes(topic).length;
        } catch (JsonProcessingException e) {
            throw new ProtocolException("a topic must be writable as JSON text.", e);
        }
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

    private <T> T read(byte[] json, ObjectReader reader) {
        checkBytes(json);
        return parse(json, reader);
    }

    /** Size first (nothing bigger is scanned), then strict UTF-8. */
    private void checkBytes(byte[] json) {
        if (json == null) {
            throw new MalformedMessageException(ErrorPaths.ROOT, "payload must not be null");
        }
        if (json.length > maxBytes) {
            throw new MalformedMessageException(ErrorPaths.ROOT, "payload must be at most " + maxBytes
                    + " bytes, was " + json.length);
        }
        String notUtf8 = StrictUtf8.problem(json);
        if (notUtf8 != null) {
            throw new MalformedMessageException(ErrorPaths.ROOT, notUtf8);
        }
    }

    private static <T> T parse(byte[] json, ObjectReader reader) {
        try {
            T value = reader.readValue(json);
            if (value == null) {
                throw new MalformedMessageException(ErrorPaths.ROOT, "payload must be a JSON object, was null");
            }
            return value;
        } catch (JsonProcessingException e) {
            throw new MalformedMessageException(ErrorPaths.pathOf(e), ErrorPaths.ruleOf(e), e);
        } catch (IOException e) {
            // Only a byte array is read, so this is a broken stream, not I/O.
            throw new MalformedMessageException(ErrorPaths.ROOT, "payload is not readable JSON: " + e.getMessage(), e);
        }
    }

    private Object readVersioned(byte[] json, ObjectReader reader) {
        checkBytes(json);
        Object message;
        try {
            message = parse(json, reader);
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
