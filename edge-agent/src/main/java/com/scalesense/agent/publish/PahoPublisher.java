package com.scalesense.agent.publish;

import com.scalesense.agent.publish.internal.MqttTransport;
import com.scalesense.agent.publish.internal.PahoV3Transport;
import com.scalesense.agent.publish.internal.PahoV5Transport;
import com.scalesense.agent.publish.internal.ReconnectingSession;
import java.util.Random;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Function;

/**
 * A {@link Publisher} on Eclipse Paho, MQTT 3.1.1 or 5 as {@link MqttSettings#protocol()} says,
 * to any broker (AWS IoT Core, mosquitto, HiveMQ), plain or over (mutual) TLS. Guarantees: QoS 1,
 * the future completes on PUBACK and only then; while the broker is away publish fails fast with
 * {@link PublishException.NotConnected} and a dropped connection fails every publish still
 * waiting, instead of keeping it in memory; the session is re-opened with
 * {@link MqttSettings#reconnect()} backoff and every subscription is re-established.
 * Construction does no I/O; {@link #start} schedules the first attempt on {@code scheduler}.
 */
public final class PahoPublisher extends SessionPublisher {

    private PahoPublisher(ReconnectingSession session) {
        super(session);
    }

    /**
     * Creates the publisher and schedules its first connection attempt.
     *
     * @param scheduler runs connection attempts and backoff delays; owned by the caller
     * @param random    source of backoff jitter
     */
    public static PahoPublisher start(MqttSettings settings, ScheduledExecutorService scheduler, Random random) {
        Function<MqttTransport.Events, MqttTransport> transport = settings.protocol() == MqttProtocol.MQTT_5
                ? events -> new PahoV5Transport(settings, events)
                : events -> new PahoV3Transport(settings, events);
        PahoPublisher publisher = new PahoPublisher(session(settings, transport, scheduler, random));
        publisher.connectInBackground();
        return publisher;
    }
}
