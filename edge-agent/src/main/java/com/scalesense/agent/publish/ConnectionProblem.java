package com.scalesense.agent.publish;

import java.time.Duration;

/**
 * Why the scale has no session with its broker, in words a technician can act on, and for how long.
 *
 * @param cause      what kind of failure, with the advice to show
 * @param detail     the client library's own words (exception class and message), for the log
 * @param failingFor since the first failure of this outage (monotonic time)
 */
public record ConnectionProblem(Cause cause, String detail, Duration failingFor) {

    /** The kinds of connection failure a technician can tell apart and fix. */
    public enum Cause {
        CERTIFICATE_REFUSED("the broker refused our certificate: check mqtt.tls.cert_file and key_file, and that "
                + "the certificate is registered and active for this device"),
        SERVER_NOT_TRUSTED("the broker's certificate is not trusted (unknown CA or wrong host name): check "
                + "mqtt.tls.ca_file and the host in mqtt.broker_uri"),
        TLS_FAILED("the TLS handshake with the broker failed: check the certificates in mqtt.tls.*"),
        NOT_AUTHORISED("the broker does not authorise this device (CONNACK refused): check its policy for client "
                + "id and topics"),
        DNS("the broker's host name was not found (DNS): check the host in mqtt.broker_uri and the network's DNS"),
        REFUSED("the broker refused the connection: nothing listens on that port (broker down or wrong port in "
                + "mqtt.broker_uri)"),
        UNREACHABLE("no route to the broker or no answer in time: network down, firewall, or broker hung"),
        LOST("the connection to the broker was lost"),
        OTHER("the connection to the broker failed");

        private final String words;

        Cause(String words) {
            this.words = words;
        }

        public String words() {
            return words;
        }

        /** The broker's address did not answer (or stopped answering): the network's or the broker's host's fault. */
        public boolean network() {
            return this == DNS || this == REFUSED || this == UNREACHABLE || this == LOST;
        }
    }

    /** One line for {@code status} and the log: the words, for how long, and the library's detail. */
    public String describe() {
        return cause.words() + "; failing for " + human(failingFor) + " (" + detail + ")";
    }

    /** {@code 45 s}, {@code 3 min 12 s}, {@code 2 h 5 min}: the units a technician reads at a glance. */
    static String human(Duration d) {
        long s = Math.max(0, d.toSeconds());
        if (s < 60) {
            return s + " s";
        }
        if (s < 3600) {
            return s / 60 + " min " + s % 60 + " s";
        }
        return s / 3600 + " h " + s % 3600 / 60 + " min";
    }
}
