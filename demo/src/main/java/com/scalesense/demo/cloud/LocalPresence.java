package com.scalesense.demo.cloud;

import com.hivemq.embedded.EmbeddedExtension;
import com.hivemq.extension.sdk.api.ExtensionMain;
import com.hivemq.extension.sdk.api.events.client.ClientLifecycleEventListener;
import com.hivemq.extension.sdk.api.events.client.parameters.AuthenticationFailedInput;
import com.hivemq.extension.sdk.api.events.client.parameters.AuthenticationSuccessfulInput;
import com.hivemq.extension.sdk.api.events.client.parameters.ClientInitiatedDisconnectInput;
import com.hivemq.extension.sdk.api.events.client.parameters.ConnectionLostInput;
import com.hivemq.extension.sdk.api.events.client.parameters.ConnectionStartInput;
import com.hivemq.extension.sdk.api.events.client.parameters.DisconnectEventInput;
import com.hivemq.extension.sdk.api.events.client.parameters.ServerInitiatedDisconnectInput;
import com.hivemq.extension.sdk.api.parameter.ExtensionStartInput;
import com.hivemq.extension.sdk.api.parameter.ExtensionStartOutput;
import com.hivemq.extension.sdk.api.parameter.ExtensionStopInput;
import com.hivemq.extension.sdk.api.parameter.ExtensionStopOutput;
import com.hivemq.extension.sdk.api.services.Services;
import com.scalesense.protocol.Ids;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.BiConsumer;

/**
 * Stand-in for AWS IoT Core's lifecycle events on the local broker: an embedded HiveMQ extension
 * that turns each scale's connect and disconnect into the event AWS publishes on
 * {@code $aws/events/presence/connected|disconnected/{clientId}} (clientId, timestamp, eventType,
 * versionNumber, disconnectReason) and hands it to the presence rule ({@link LocalIotRule#presence}).
 * Only clients whose id is a device_id are reported (not the rule's own subscriber). The
 * versionNumber of a connection is its connect instant, the same on its disconnect, so a later
 * connection always orders after an earlier one, as AWS's does. Timestamps come from the given
 * clock (the bar's, in the demo), as the sink's receipt times do. Events go out on one thread, in
 * the order the broker reported them, never on the broker's own.
 */
final class LocalPresence {

    private final Clock clock;
    private final Map<String, Long> versions = new ConcurrentHashMap<>();
    private final ExecutorService out = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "local-presence");
        t.setDaemon(true);
        return t;
    });
    private volatile BiConsumer<String, byte[]> rule;

    LocalPresence(Clock clock) {
        this.clock = clock;
    }

    /** From now on events go to {@code rule} (topic, event); before, they are dropped. */
    void sendTo(BiConsumer<String, byte[]> rule) {
        this.rule = rule;
    }

    /** The extension to start with the broker; the same one may serve every restart. */
    EmbeddedExtension extension() {
        return EmbeddedExtension.builder().withId("scalesense-presence").withName("Scale Sense presence")
                .withVersion("1").withPriority(0).withStartPriority(0).withAuthor("scalesense")
                .withExtensionMain(new ExtensionMain() {
                    @Override
                    public void extensionStart(ExtensionStartInput input, ExtensionStartOutput output) {
                        Services.eventRegistry().setClientLifecycleEventListener(in -> new Listener());
                    }

                    @Override
                    public void extensionStop(ExtensionStopInput input, ExtensionStopOutput output) {
                        // nothing held
                    }
                }).build();
    }

    void close() {
        out.shutdownNow();
    }

    private void connected(String clientId) {
        long now = clock.millis();
        versions.put(clientId, now);
        emit(clientId, "connected", now, now, null);
    }

    private void disconnected(String clientId, String reason) {
        long now = clock.millis();
        Long version = versions.get(clientId);
        emit(clientId, "disconnected", now, version == null ? now : version, reason);
    }

    private void emit(String clientId, String type, long at, long version, String reason) {
        BiConsumer<String, byte[]> target = rule;
        if (target == null || !Ids.DEVICE_ID.matcher(clientId).matches()) {
            return;
        }
        String event = "{\"clientId\":\"" + clientId + "\",\"timestamp\":" + at + ",\"eventType\":\"" + type + "\""
                + ",\"versionNumber\":" + version
                + (reason == null ? "" : ",\"clientInitiatedDisconnect\":" + reason.startsWith("CLIENT")
                        + ",\"disconnectReason\":\"" + reason + "\"") + "}";
        String topic = "$aws/events/presence/" + type + "/" + clientId;
        out.execute(() -> target.accept(topic, event.getBytes(StandardCharsets.UTF_8)));
    }

    private final class Listener implements ClientLifecycleEventListener {
        @Override
        public void onMqttConnectionStart(ConnectionStartInput input) {
            // reported once authenticated, as AWS reports a connection it accepted
        }

        @Override
        public void onAuthenticationSuccessful(AuthenticationSuccessfulInput input) {
            connected(input.getClientInformation().getClientId());
        }

        @Override
        public void onAuthenticationFailedDisconnect(AuthenticationFailedInput input) {
            // never connected: AWS reports no connection it refused as a disconnect either
        }

        @Override
        public void onConnectionLost(ConnectionLostInput input) {
            disconnected(input.getClientInformation().getClientId(), "CONNECTION_LOST");
        }

        @Override
        public void onClientInitiatedDisconnect(ClientInitiatedDisconnectInput input) {
            disconnected(input.getClientInformation().getClientId(), "CLIENT_INITIATED_DISCONNECT");
        }

        @Override
        public void onServerInitiatedDisconnect(ServerInitiatedDisconnectInput input) {
            disconnected(input.getClientInformation().getClientId(), "SERVER_INITIATED_DISCONNECT");
        }

        @Override
        public void onDisconnect(DisconnectEventInput input) {
            disconnected(input.getClientInformation().getClientId(), "CONNECTION_LOST");
        }
    }
}
