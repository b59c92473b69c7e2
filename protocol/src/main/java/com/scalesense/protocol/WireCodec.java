package com.scalesense.protocol;

import com.fasterxml.jackson.core.JsonFactory;
import com.scalesense.protocol.internal.ErrorPaths;
import com.scalesense.protocol.internal.SchemaVersionScan;
import com.scalesense.protocol.internal.StrictUtf8;
import com.scalesense.protocol.internal.WireBinding;
import com.scalesense.protocol.internal.WireJson;

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
 * <p>Built on jackson-core's streaming parser and generator, field by field, without an object
 * mapper (issue 18: jackson-databind was 678 of the agent's classes). The bytes it writes and what
 * it accepts or refuses, with which path and rule, are those of the databind codec it replaced,
 * line for line over a golden corpus (GoldenCorpusTest).
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
    private static final WireBinding QUOTER = new WireBinding(new JsonFactory());

    private final int maxBytes;
    private final JsonFactory factory;
    private final WireBinding binding;

    /** A codec for what a device sends and receives: at most {@link #MAX_PAYLOAD_BYTES}. */
    public WireCodec() {
        this(MAX_PAYLOAD_BYTES);
    }

    private WireCodec(int maxBytes) {
        this.maxBytes = maxBytes;
        this.factory = WireJson.factory(maxBytes);
        this.binding = new WireBinding(factory);
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
        return eventBytes - ",\"topic\":".length() - QUOTER.quoted(topic).length;
    }

    /**
     * Encodes a protocol record, event or command as UTF-8 JSON.
     *
     * @throws MalformedMessageException naming the path of a NaN or infinite number
     * @throws ProtocolException         if {@code message} is not a batch, reading, event,
     *                                    registration, capabilities, command or an enum of this package
     */
    public byte[] encode(Object message) {
        byte[] json = message == null ? null : binding.write(message);
        if (json == null) {
            throw new ProtocolException("only protocol messages can be encoded, was "
                    + (message == null ? "null" : message.getClass().getName()) + ".");
        }
        return json;
    }

    /**
     * Decodes one message of {@code type}: a {@link ReadingsBatch}, {@link Reading},
     * {@link DeviceEvent}, {@link BootRegistration} or {@link DeviceCommand}; a batch or
     * registration also has its schema_version checked.
     *
     * @throws MalformedMessageException naming the JSON path and the rule
     * @throws ProtocolException         if {@code type} is none of those
     */
    public <T> T decode(byte[] json, Class<T> type) {
        if (type == ReadingsBatch.class || type == BootRegistration.class) {
            return type.cast(readVersioned(json, type));
        }
        if (type != Reading.class && type != DeviceEvent.class && type != DeviceCommand.class) {
            throw new ProtocolException("only protocol messages can be decoded, was " + type.getName() + ".");
        }
        return read(json, type);
    }

    /**
     * Decodes a batch: size first, then form and schema_version. When a payload fails to bind
     * and its schema_version is not {@link ReadingsBatch#SCHEMA_VERSION}, the error names the
     * version, since a message of another version may differ anywhere.
     */
    public ReadingsBatch decodeBatch(byte[] json) {
        return readVersioned(json, ReadingsBatch.class);
    }

    /** Decodes a boot registration like {@link #decodeBatch}. */
    public BootRegistration decodeRegistration(byte[] json) {
        return readVersioned(json, BootRegistration.class);
    }

    /** Decodes a command sent to a scale. */
    public DeviceCommand decodeCommand(byte[] json) {
        return read(json, DeviceCommand.class);
    }

    private <T> T read(byte[] json, Class<T> type) {
        checkBytes(json);
        return binding.read(json, type);
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

    private <T> T readVersioned(byte[] json, Class<T> type) {
        checkBytes(json);
        T message;
        try {
            message = binding.read(json, type);
        } catch (MalformedMessageException e) {
            String versionProblem = SchemaVersionScan.problem(factory, json, ReadingsBatch.SCHEMA_VERSION);
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
