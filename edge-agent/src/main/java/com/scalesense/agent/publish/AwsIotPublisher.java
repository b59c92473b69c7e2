package com.scalesense.agent.publish;

import com.scalesense.agent.publish.internal.AwsIotTransport;
import com.scalesense.agent.publish.internal.ReconnectingSession;
import java.util.Random;
import java.util.concurrent.ScheduledExecutorService;

/**
 * A {@link Publisher} for AWS IoT Core through the AWS IoT Device SDK v2 for Java (native
 * aws-crt; the jar ships linux x86_64, armv7 and armv8 libraries, so it runs on a Raspberry Pi).
 * Mutual TLS with the thing's X.509 certificate and key (PEM files), MQTT 3.1.1, client id =
 * thing name = device_id. Same guarantees as {@link PahoPublisher}: QoS 1, the future completes
 * on PUBACK, fails fast while disconnected, reconnects with our jittered backoff and re-subscribes.
 */
public final class AwsIotPublisher extends SessionPublisher {

    private AwsIotPublisher(ReconnectingSession session) {
        super(session);
    }

    /**
     * Creates the publisher and schedules its first connection attempt on {@code scheduler}.
     *
     * @param settings {@code ssl://<prefix>-ats.iot.<region>.amazonaws.com:8883}, client id = thing
     *                 name, TLS with the Amazon root CA and the thing's certificate and key
     * @throws InvalidSettingException if TLS is not mutual or the protocol is not 3.1.1
     */
    public static AwsIotPublisher start(MqttSettings settings, ScheduledExecutorService scheduler, Random random) {
        Settings.require("mqtt.tls", settings.tls(), settings.tls() != null && settings.tls().mutual(),
                "must name cert_file and key_file: AWS IoT Core requires a client certificate");
        Settings.require("mqtt.protocol", settings.protocol(), settings.protocol() == MqttProtocol.MQTT_3_1_1,
                "must be MQTT_3_1_1 for the AWS IoT Device SDK connection");
        AwsIotPublisher publisher = new AwsIotPublisher(session(settings,
                events -> new AwsIotTransport(settings, events), scheduler, random));
        publisher.connectInBackground();
        return publisher;
    }
}
