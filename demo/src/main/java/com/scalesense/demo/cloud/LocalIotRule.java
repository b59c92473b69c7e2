package com.scalesense.demo.cloud;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.scalesense.demo.DemoException;
import com.scalesense.protocol.Topics;
import com.scalesense.sink.handler.IotRuleHandler;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.paho.client.mqttv3.IMqttDeliveryToken;
import org.eclipse.paho.client.mqttv3.MqttCallback;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stand-in for the deploy template's IoT Rules ({@code SELECT *, topic() AS topic FROM
 * 'scalesense/v1/+/batches'}, {@code /registration} and {@code /state}, and the presence rule
 * through {@link #presence}): a persistent-session MQTT subscriber
 * that builds the same event the rule would (the device's JSON with a {@code topic} field added)
 * and hands it to the sink's own {@link IotRuleHandler}.
 *
 * <p>Guarantee: a message is acknowledged (PUBACK) only after the handler returned. When the
 * handler throws, the connection is dropped without the acknowledgement and re-established, so
 * the broker delivers the message again, as AWS retries a failed invocation. Rejected messages
 * return normally from the handler and are acknowledged: retrying them cannot help.
 */
public final class LocalIotRule implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(LocalIotRule.class);
    private static final String CLIENT_ID = "local-iot-rule";
    /** Real milliseconds between reconnect attempts: the broker is on this machine. */
    private static final long RECONNECT_EVERY_MS = 250;

    private final MqttClient client;
    private final MqttConnectOptions options;
    private final IotRuleHandler handler;
    private static final ObjectMapper QUOTER = new ObjectMapper();
    private final ObjectMapper json = new ObjectMapper();
    private final ScheduledExecutorService reconnector = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "iot-rule-reconnect");
        t.setDaemon(true);
        return t;
    });
    private final AtomicLong accepted = new AtomicLong();
    private final AtomicLong duplicates = new AtomicLong();
    private final AtomicLong rejected = new AtomicLong();
    /** How many times the sink handled each batch message, by its bytes (accepted, duplicate or rejected). */
    private final Map<ByteBuffer, Integer> handledByPayload = new ConcurrentHashMap<>();
    private final AtomicLong registrations = new AtomicLong();
    private final AtomicLong states = new AtomicLong();
    private final AtomicLong presence = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private final AtomicLong connections = new AtomicLong();
    private final AtomicLong lastActivityNanos = new AtomicLong(System.nanoTime());
    private volatile boolean closed;

    private LocalIotRule(URI broker, IotRuleHandler handler) throws MqttException {
        this.handler = handler;
        this.client = new MqttClient(broker.toString(), CLIENT_ID, new MemoryPersistence());
        this.options = new MqttConnectOptions();
        options.setCleanSession(false); // the broker queues for us while we are away
        options.setAutomaticReconnect(false); // our own loop: fixed short interval, stops on close
        options.setConnectionTimeout(10);
        options.setKeepAliveInterval(30);
        client.setManualAcks(true);
        client.setCallback(new Callback());
    }

    /** Connects and subscribes to both rule topics at QoS 1. */
    public static LocalIotRule start(URI broker, IotRuleHandler handler) {
        try {
            LocalIotRule rule = new LocalIotRule(broker, handler);
            rule.client.connect(rule.options);
            rule.connections.incrementAndGet();
            rule.client.subscribe(new String[] {Topics.ALL_BATCHES, Topics.ALL_REGISTRATIONS, Topics.ALL_STATES},
                    new int[] {1, 1, 1});
            return rule;
        } catch (MqttException e) {
            throw new DemoException("the local IoT Rule cannot subscribe at " + broker, e);
        }
    }

    /** Batches the sink accepted (first deliveries). */
    public long accepted() {
        return accepted.get();
    }

    /** Batches the sink recognised as already stored. */
    public long duplicates() {
        return duplicates.get();
    }

    public long rejected() {
        return rejected.get();
    }

    /** Messages on a batches topic the sink has handled (accepted, duplicate or rejected). */
    public long batchesHandled() {
        return handledByPayload.values().stream().mapToLong(Integer::longValue).sum();
    }

    /**
     * How many messages with exactly these bytes on a batches topic the sink has handled (a crashed invocation counts
     * when its redelivery is handled): every copy the broker acknowledged to a publisher reaches this persistent session
     * at least once. A total alone can be reached early: a batch the broker took but whose acknowledgement its publisher
     * never saw arrives once more than the publisher counts, while another copy still waits behind a redelivery.
     */
    public int handledCopies(byte[] payload) {
        return handledByPayload.getOrDefault(ByteBuffer.wrap(payload), 0);
    }

    public long registrations() {
        return registrations.get();
    }

    /** State messages handed to the sink (a pour's end at once, beside the batches). */
    public long states() {
        return states.get();
    }

    /** Broker lifecycle events handed to the sink ({@link #presence}). */
    public long presenceEvents() {
        return presence.get();
    }

    /**
     * The presence rule ({@code SELECT *, topic() AS topic FROM '$aws/events/presence/+/+'}): hands
     * a lifecycle event, as AWS IoT Core words it, to the sink. The local broker's extension calls
     * it ({@link LocalBroker}); a failure is logged, as an IoT rule's error action would keep it.
     */
    public void presence(String topic, byte[] event) {
        try {
            handler.handleRequest(new ByteArrayInputStream(withTopic(event, topic)), new ByteArrayOutputStream(), null);
            presence.incrementAndGet();
        } catch (RuntimeException | IOException e) {
            failures.incrementAndGet();
            LOG.warn("sink invocation failed for {}: {}", topic, e.toString());
        }
    }

    /** Invocations that threw (and were therefore delivered again). */
    public long failures() {
        return failures.get();
    }

    /** Sessions opened with the broker, the first one included. */
    public long connections() {
        return connections.get();
    }

    /** Real nanoseconds since a message last arrived. */
    public long idleNanos() {
        return System.nanoTime() - lastActivityNanos.get();
    }

    public boolean connected() {
        return client.isConnected();
    }

    private void handle(String topic, MqttMessage message) throws IOException, MqttException {
        lastActivityNanos.set(System.nanoTime());
        ByteArrayOutputStream response = new ByteArrayOutputStream();
        try {
            handler.handleRequest(new ByteArrayInputStream(withTopic(message.getPayload(), topic)), response, null);
        } catch (RuntimeException | IOException e) {
            failures.incrementAndGet();
            LOG.warn("sink invocation failed for {} (message {}), it will be delivered again: {}", topic,
                    message.getId(), e.toString());
            throw e;
        }
        JsonNode outcome = json.readTree(response.toByteArray()).path("outcome");
        if (topic.endsWith("/" + Topics.REGISTRATION)) {
            registrations.incrementAndGet();
        } else if (topic.endsWith("/" + Topics.STATE)) {
            states.incrementAndGet();
        } else if ("accepted".equals(outcome.asText())) {
            accepted.incrementAndGet();
        } else if ("duplicate".equals(outcome.asText())) {
            duplicates.incrementAndGet();
        } else {
            rejected.incrementAndGet();
        }
        if (topic.endsWith("/" + Topics.BATCHES)) {
            handledByPayload.merge(ByteBuffer.wrap(message.getPayload().clone()), 1, Integer::sum);
        }
        client.messageArrivedComplete(message.getId(), message.getQos());
        lastActivityNanos.set(System.nanoTime());
    }

    /**
     * The rule's {@code SELECT *, topic() AS topic}: the message's own bytes with one member
     * added in front, so the sink's strict codec judges exactly what the device sent.
     */
    static byte[] withTopic(byte[] payload, String topic) throws IOException {
        String body = new String(payload, StandardCharsets.UTF_8).stripLeading();
        String member = "\"topic\":" + QUOTER.writeValueAsString(topic);
        if (!body.startsWith("{")) {
            return payload; // not an object: the handler rejects it with its own reason
        }
        String rest = body.substring(1).stripLeading();
        String event = "{" + member + (rest.startsWith("}") ? "" : ",") + rest;
        return event.getBytes(StandardCharsets.UTF_8);
    }

    private void reconnectSoon() {
        if (!closed) {
            reconnector.schedule(this::reconnect, RECONNECT_EVERY_MS, TimeUnit.MILLISECONDS);
        }
    }

    private void reconnect() {
        if (closed || client.isConnected()) {
            return;
        }
        try {
            client.connect(options);
            connections.incrementAndGet();
            LOG.info("local IoT Rule reconnected; the broker resends what was not acknowledged");
        } catch (MqttException e) {
            reconnectSoon();
        }
    }

    @Override
    public void close() {
        closed = true;
        reconnector.shutdownNow();
        try {
            if (client.isConnected()) {
                client.disconnect(5_000);
            }
            client.close();
        } catch (MqttException e) {
            LOG.warn("local IoT Rule did not close cleanly: {}", e.toString());
        }
    }

    private final class Callback implements MqttCallback {
        @Override
        public void connectionLost(Throwable cause) {
            LOG.info("local IoT Rule lost its connection: {}", String.valueOf(cause));
            reconnectSoon();
        }

        @Override
        public void messageArrived(String topic, MqttMessage message) throws Exception {
            handle(topic, message);
        }

        @Override
        public void deliveryComplete(IMqttDeliveryToken token) {
            // the rule only subscribes
        }
    }
}
