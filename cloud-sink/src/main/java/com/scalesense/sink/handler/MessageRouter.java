package com.scalesense.sink.handler;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.scalesense.protocol.MalformedMessageException;
import com.scalesense.protocol.ProtocolException;
import com.scalesense.protocol.Topics;
import com.scalesense.protocol.Violation;
import com.scalesense.protocol.WireCodec;
import com.scalesense.sink.BatchIdReusedException;
import com.scalesense.sink.RejectedMessageException;
import com.scalesense.sink.ingest.IngestResult;
import com.scalesense.sink.ingest.IngestionService;
import java.io.IOException;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Routes one raw IoT Rule message ({@code SELECT *, topic() AS topic}: the device's JSON plus a
 * {@code topic} field) to ingestion by topic kind. Decoding happens once, with the protocol's
 * strict codec (which ignores the extra {@code topic} field); validation happens once, in the
 * service. Every message that can never succeed ends as {@link Outcome#REJECTED} with its reason
 * logged; only store failures propagate, so the caller retries those alone.
 */
public final class MessageRouter {

    private static final Logger LOG = LoggerFactory.getLogger(MessageRouter.class);
    // Only the top-level "topic" is read here; the codec enforces its own, stricter nesting limit.
    private static final int TOPIC_READER_MAX_DEPTH = 64;

    /** What became of a message. ACCEPTED and DUPLICATE are both successes. */
    public enum Outcome { ACCEPTED, DUPLICATE, REJECTED }

    /**
     * The outcome and, when rejected, the reason (naming field, value and rule).
     *
     * @param reason null unless {@code outcome} is REJECTED
     */
    public record Routed(Outcome outcome, String reason) {
    }

    private final WireCodec codec;
    private final IngestionService service;
    private final ObjectMapper topicReader = new ObjectMapper();

    /**
     * @param codec a codec from {@link WireCodec#forRuleEvents()}: the rule's topic field is not
     *              the device's, so the event may exceed the device's limit by that much
     */
    public MessageRouter(WireCodec codec, IngestionService service) {
        this.codec = codec;
        this.service = service;
        topicReader.getFactory().setStreamReadConstraints(
                StreamReadConstraints.builder().maxNestingDepth(TOPIC_READER_MAX_DEPTH).build());
    }

    /**
     * The size limit is the device's ({@link WireCodec#MAX_PAYLOAD_BYTES}): an event larger than a
     * full device payload plus the largest topic the rule can add is refused unread; otherwise the
     * device's share, the event less the {@code "topic"} member the rule added, must fit.
     *
     * @throws com.scalesense.sink.store.StoreUnavailableException when DynamoDB failed: retry later
     */
    public Routed route(byte[] message) {
        try {
            if (message.length > WireCodec.MAX_RULE_EVENT_BYTES) {
                throw rejected("payload", message.length + " bytes", "must be at most "
                        + WireCodec.MAX_PAYLOAD_BYTES + " bytes from the device (AWS IoT Core MQTT payload limit)"
                        + " plus " + WireCodec.RULE_TOPIC_ALLOWANCE + " for the rule's topic field");
            }
            String topic = topicOf(message);
            int deviceBytes = WireCodec.devicePayloadBytes(message.length, topic);
            if (deviceBytes > WireCodec.MAX_PAYLOAD_BYTES) {
                throw rejected("payload", deviceBytes + " bytes from the device", "must be at most "
                        + WireCodec.MAX_PAYLOAD_BYTES + " bytes (AWS IoT Core MQTT payload limit; the topic field"
                        + " the rule adds is not counted)");
            }
            String deviceId = Topics.deviceIdOf(topic);
            if (topic.endsWith("/" + Topics.BATCHES)) {
                IngestResult r = service.ingest(codec.decodeBatch(message), deviceId);
                return new Routed(r == IngestResult.ACCEPTED ? Outcome.ACCEPTED : Outcome.DUPLICATE, null);
            }
            if (topic.endsWith("/" + Topics.REGISTRATION)) {
                service.register(codec.decodeRegistration(message), deviceId);
                return new Routed(Outcome.ACCEPTED, null);
            }
            throw rejected("topic", topic, "must end in /" + Topics.BATCHES + " or /" + Topics.REGISTRATION);
        } catch (RejectedMessageException | BatchIdReusedException | ProtocolException e) {
            // Never retried: the same bytes would fail the same way. The log line is the dead-letter record.
            LOG.error("Rejected message: {}", e.getMessage());
            return new Routed(Outcome.REJECTED, e.getMessage());
        }
    }

    private String topicOf(byte[] message) {
        JsonNode root;
        try {
            root = topicReader.readTree(message);
        } catch (IOException e) {
            String why = e instanceof JsonProcessingException j ? j.getOriginalMessage() : e.getMessage();
            throw new MalformedMessageException("$", "must be one well-formed JSON object ("
                    + (why.length() > 120 ? why.substring(0, 120) + "…" : why) + ")", e);
        }
        if (root == null || !root.isObject()) {
            throw new MalformedMessageException("$", "must be one JSON object, was "
                    + (root == null || root.isMissingNode() ? "empty" : root.getNodeType().name().toLowerCase(java.util.Locale.ROOT)));
        }
        JsonNode topic = root.get("topic");
        if (topic == null || !topic.isTextual()) {
            throw rejected("topic", topic == null ? null : topic.toString(),
                    "must be a string added by the IoT Rule (SELECT *, topic() AS topic)");
        }
        return topic.asText();
    }

    private static RejectedMessageException rejected(String field, String value, String rule) {
        return new RejectedMessageException("message", List.of(new Violation(field, value, rule)));
    }
}
