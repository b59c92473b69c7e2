package com.scalesense.agent.publish;

import com.scalesense.agent.AgentException;

/**
 * A publish did not reach PUBACK. Never thrown by {@link Publisher#publish}: it fails the returned
 * future, and the caller keeps its durable copy and retries. Subclasses name the outcome.
 */
public class PublishException extends AgentException {

    private static final long serialVersionUID = 1L;

    private final String topic;

    public PublishException(String topic, String message, Throwable cause) {
        super(message + " (topic " + topic + ")", cause);
        this.topic = topic;
    }

    public String topic() {
        return topic;
    }

    /** No session with the broker right now; retry after the publisher reconnects. */
    public static final class NotConnected extends PublishException {
        private static final long serialVersionUID = 1L;

        public NotConnected(String topic) {
            super(topic, "not connected to the broker", null);
        }
    }

    /** The publisher was closed before the broker acknowledged. */
    public static final class Closed extends PublishException {
        private static final long serialVersionUID = 1L;

        public Closed(String topic) {
            super(topic, "publisher closed before PUBACK", null);
        }
    }

    /** The broker answered with an MQTT 5 PUBACK reason code &ge; 0x80 (e.g. 0x87 not authorized). */
    public static final class Rejected extends PublishException {
        private static final long serialVersionUID = 1L;
        private final int reasonCode;

        public Rejected(String topic, int reasonCode) {
            super(topic, String.format("broker rejected the publish with reason code 0x%02X", reasonCode), null);
            this.reasonCode = reasonCode;
        }

        public int reasonCode() {
            return reasonCode;
        }
    }

    /**
     * The broker closed a mutual-TLS connection before its CONNACK: under TLS 1.3 that is how a
     * refused client certificate reaches the client. {@link #getCause()} is the library's own report.
     */
    public static final class CertificateRefused extends PublishException {
        private static final long serialVersionUID = 1L;

        public CertificateRefused(String topic, Throwable cause) {
            super(topic, "the broker closed the TLS connection before CONNACK: it refused our certificate", cause);
        }
    }

    /** The client library or the network failed the send; {@link #getCause()} says how. */
    public static final class Transport extends PublishException {
        private static final long serialVersionUID = 1L;

        public Transport(String topic, Throwable cause) {
            super(topic, "send failed: " + cause.getMessage(), cause);
        }
    }
}
