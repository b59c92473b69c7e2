package com.scalesense.agent.config;

/** Which MQTT client publishes ({@code mqtt.client}). */
public enum PublisherKind {
    /** Eclipse Paho: MQTT 3.1.1 or 5, any broker, AWS IoT Core included. */
    PAHO,
    /** AWS IoT Device SDK v2 (aws-crt): AWS IoT Core only, MQTT 3.1.1, mutual TLS required. */
    AWS_IOT
}
