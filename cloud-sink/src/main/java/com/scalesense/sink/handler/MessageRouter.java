package com.scalesense.sink.handler;

import com.scalesense.protocol.ProtocolException;
import com.scalesense.protocol.Topics;
import com.scalesense.protocol.Violation;
import com.scalesense.protocol.WireCodec;
import com.scalesense.sink.BatchIdReusedException;
import com.scalesense.sink.FixableRejectionException;
import com.scalesense.sink.RejectedMessageException;
import com.scalesense.sink.ingest.IngestResult;
import com.scalesense.sink.ingest.IngestionService;
import com.scalesense.protocol.InvalidMessageException;
import com.scalesense.sink.ingest.PayloadHash;
import com.scalesense.protocol.SafeText;
import com.scalesense.sink.rejection.Rejection;
import com.scalesense.sink.rejection.RejectionMetrics;
import com.scalesense.sink.rejection.Rejections;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Routes one raw IoT Rule message ({@code SELECT *, topic() AS topic}: the device's JSON plus a
 * {@code topic} field) to ingestion by topic kind. The topic is scanned from the tokens (no tree,
 * {@link RuleTopic}); decoding happens once, with the protocol's strict codec (which ignores the
 * extra {@code topic} field); validation happens once, in the
 * service. Every message that can never succeed ends as {@link Outcome#REJECTED} with its reason
 * logged; only store failures propagate, so the caller retries those alone.
 */
public final class MessageRouter {

    private static final Logger LOG = LoggerFactory.getLogger(MessageRouter.class);

    /** What became of a message. ACCEPTED and DUPLICATE are both successes. */
    public enum Outcome { ACCEPTED, DUPLICATE, REJECTED }

    /**
     * The outcome and, when rejected, the reason (naming field, value and rule).
     *
     * @param reason null unless {@code outcome} is REJECTED
     */
    public record Routed(Outcome outcome, String reason) {
    }

    /** Rule code of bytes that are not a message of the contract (not JSON, wrong types, too big, bad topic). */
    public static final String MALFORMED = "malformed";
    /** Rule code of a batch_id committed before with other content. */
    public static final String BATCH_ID_REUSED = "batch_id.reused";
    // Bounds of what a rejection keeps: enough to diagnose, never the whole hostile payload.
    static final int MAX_REASON_CHARS = 1000;
    static final int MAX_EXCERPT_BYTES = 512;
    private static final int MAX_DEVICE_ID_CHARS = 64;

    private final WireCodec codec;
    private final IngestionService service;
    private final Clock clock;
    private final Rejections rejections;
    private final RejectionMetrics metrics;
    private final RuleTopic topics = new RuleTopic();

    /**
     * Logs rejections only (tests, the demo): no quarantine, no metric.
     *
     * @param codec a codec from {@link WireCodec#forRuleEvents()}: the rule's topic field is not
     *              the device's, so the event may exceed the device's limit by that much
     */
    public MessageRouter(WireCodec codec, IngestionService service) {
        this(codec, service, Clock.systemUTC(), null, null);
    }

    /**
     * @param rejections where each rejected message is kept, or null to keep none
     * @param metrics    counts each rejection by rule, or null to count none
     */
    public MessageRouter(WireCodec codec, IngestionService service, Clock clock, Rejections rejections,
                         RejectionMetrics metrics) {
        this.codec = codec;
        this.service = service;
        this.clock = clock;
        this.rejections = rejections;
        this.metrics = metrics;
    }

    /**
     * The size limit is the device's ({@link WireCodec#MAX_PAYLOAD_BYTES}): an event larger than a
     * full device payload plus the largest topic the rule can add is refused unread; otherwise the
     * device's share, the event less the {@code "topic"} member the rule added, must fit.
     *
     * @throws com.scalesense.sink.store.StoreUnavailableException when DynamoDB failed: retry later
     */
    public Routed route(byte[] message) {
        String deviceId = Rejection.UNKNOWN_DEVICE;
        String topic = null;
        try {
            if (message.length > WireCodec.MAX_RULE_EVENT_BYTES) {
                throw rejected("payload", message.length + " bytes", "must be at most "
                        + WireCodec.MAX_PAYLOAD_BYTES + " bytes from the device (AWS IoT Core MQTT payload limit)"
                        + " plus " + WireCodec.RULE_TOPIC_ALLOWANCE + " for the rule's topic field");
            }
            topic = topics.of(message);
            int deviceBytes = WireCodec.devicePayloadBytes(message.length, topic);
            if (deviceBytes > WireCodec.MAX_PAYLOAD_BYTES) {
                throw rejected("payload", deviceBytes + " bytes from the device", "must be at most "
                        + WireCodec.MAX_PAYLOAD_BYTES + " bytes (AWS IoT Core MQTT payload limit; the topic field"
                        + " the rule adds is not counted)");
            }
            if (PresenceEvents.isPresence(topic)) {
                String client = PresenceEvents.deviceIdOf(topic);
                deviceId = client == null ? deviceId : client;
                boolean written = service.connection(PresenceEvents.parse(message, topic));
                return new Routed(written ? Outcome.ACCEPTED : Outcome.DUPLICATE, null);
            }
            deviceId = Topics.deviceIdOf(topic);
            if (topic.endsWith("/" + Topics.BATCHES)) {
                IngestResult r = service.ingest(codec.decodeBatch(message), deviceId);
                return new Routed(r == IngestResult.ACCEPTED ? Outcome.ACCEPTED : Outcome.DUPLICATE, null);
            }
            if (topic.endsWith("/" + Topics.REGISTRATION)) {
                service.register(codec.decodeRegistration(message), deviceId);
                return new Routed(Outcome.ACCEPTED, null);
            }
            if (topic.endsWith("/" + Topics.STATE)) {
                service.state(codec.decodeBatch(message), deviceId);
                return new Routed(Outcome.ACCEPTED, null);
            }
            throw rejected("topic", topic, "must end in /" + Topics.BATCHES + ", /" + Topics.REGISTRATION + " or /"
                    + Topics.STATE);
        } catch (RejectedMessageException | BatchIdReusedException | ProtocolException e) {
            // Never retried: the same bytes would fail the same way. Kept in the quarantine and counted.
            // A batch refused only by a registration an operator can fix is held whole for replay
            // (docs/cloud.md, "Held batches"); a state message is not: its batch carries the same records.
            boolean hold = e instanceof FixableRejectionException && topic != null && topic.endsWith("/" + Topics.BATCHES);
            return reject(message, deviceId, ruleOf(e), e.getMessage(), hold);
        }
    }

    private Routed reject(byte[] message, String deviceId, String rule, String why, boolean hold) {
        Instant now = clock.instant();
        String reason = SafeText.bounded(why, MAX_REASON_CHARS);
        String device = SafeText.bounded(deviceId, MAX_DEVICE_ID_CHARS);
        String sha = PayloadHash.sha256(message);
        LOG.error("Rejected message from {} [{}] sha256 {}: {}", device, rule, sha, reason);
        if (rejections != null) {
            String excerpt = SafeText.bounded(new String(message, 0, Math.min(message.length, MAX_EXCERPT_BYTES),
                    StandardCharsets.UTF_8), MAX_EXCERPT_BYTES);
            Rejection rejection = new Rejection(device, now, rule, reason, sha, message.length, excerpt);
            if (hold) {
                rejections.hold(rejection, message);
            } else {
                rejections.keep(rejection);
            }
        }
        if (metrics != null) {
            metrics.count(rule, now);
        }
        return new Routed(Outcome.REJECTED, reason);
    }

    static String ruleOf(RuntimeException e) {
        if (e instanceof RejectedMessageException r) {
            return r.rule();
        }
        if (e instanceof BatchIdReusedException) {
            return BATCH_ID_REUSED;
        }
        return e instanceof InvalidMessageException ? RejectedMessageException.INVALID : MALFORMED;
    }

    static RejectedMessageException rejected(String field, String value, String rule) {
        return new RejectedMessageException("message", List.of(new Violation(field, value, rule)));
    }
}
