package com.scalesense.demo.cloud;

import com.scalesense.protocol.DeviceCommand;
import com.scalesense.protocol.Topics;
import com.scalesense.protocol.WireCodec;
import com.scalesense.sink.command.CommandNotSentException;
import com.scalesense.sink.command.ScaleCommands;
import java.net.URI;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;

/**
 * The local stand-in for the IoT data plane's Publish: {@link ScaleCommands} over the demo's
 * embedded broker. Each send connects, publishes at QoS 1 and waits for the PUBACK, then
 * disconnects, as the data plane's one request per publish does; assignments are a few per
 * evening, and a broker that is down (the demo's outage) is a {@link CommandNotSentException}
 * for the assignment check to repeat, never a connection to keep alive.
 */
public final class LocalScaleCommands implements ScaleCommands {

    private static final String CLIENT_ID = "local-iot-data-plane";
    /** Real seconds a connect or the PUBACK may take; the broker is on this machine. */
    private static final int TIMEOUT_S = 10;

    private final URI broker;
    private final WireCodec codec = new WireCodec();

    public LocalScaleCommands(URI broker) {
        this.broker = broker;
    }

    @Override
    public synchronized void send(String deviceId, DeviceCommand command) {
        String topic = Topics.commands(deviceId);
        MqttConnectOptions options = new MqttConnectOptions();
        options.setCleanSession(true);
        options.setConnectionTimeout(TIMEOUT_S);
        try (MqttClient client = new MqttClient(broker.toString(), CLIENT_ID, new MemoryPersistence())) {
            client.setTimeToWait(TIMEOUT_S * 1000L);
            client.connect(options);
            MqttMessage message = new MqttMessage(codec.encode(command));
            message.setQos(1);
            client.publish(topic, message); // returns once the broker's PUBACK arrived
            client.disconnect();
        } catch (MqttException e) {
            throw new CommandNotSentException(command.type() + " " + command.commandId() + " to " + topic
                    + " not published on " + broker + ": " + e.getMessage(), e);
        }
    }
}
