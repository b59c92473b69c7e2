package com.scalesense.agent.publish;

/** The MQTT version spoken to the broker. AWS IoT Core speaks both. */
public enum MqttProtocol {
    MQTT_3_1_1,
    MQTT_5
}
