package com.scalesense.agent.publish.internal;

import com.scalesense.agent.publish.ConnectionProblem.Cause;
import com.scalesense.agent.publish.PublishException;
import com.scalesense.agent.tls.TlsSetupException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.Locale;
import javax.net.ssl.SSLHandshakeException;

/**
 * Names the {@link Cause} of a failed connection from what Paho (3 and 5) or the AWS CRT threw.
 * Paho wraps the JDK's socket and TLS exceptions (UnknownHostException, ConnectException,
 * SocketTimeoutException, SSLHandshakeException) and gives CONNACK refusals reason codes; the CRT
 * gives an error string per aws-c-io / aws-c-mqtt error code (e.g. "socket connection refused.",
 * AWS_IO_DNS_INVALID_NAME, AWS_IO_TLS_ERROR_NEGOTIATION_FAILURE), so it is read by its words.
 */
final class FailureCauses {

    /** Paho 3.1.1 CONNACK codes 4 (bad user name or password) and 5 (not authorised), MQTT 3.1.1 §3.2.2.3. */
    private static final int PAHO_FAILED_AUTHENTICATION = 4;
    private static final int PAHO_NOT_AUTHORIZED = 5;
    /** Paho's client-side timeout (no CONNACK in time) and lost-connection codes. */
    private static final int PAHO_CLIENT_TIMEOUT = 32000;
    private static final int PAHO_CONNECTION_LOST = 32109;
    /** MQTT 5.0 §3.2.2.2 CONNACK: 0x86 bad user name or password, 0x87 not authorized, 0x8C bad auth method. */
    private static final int MQTT5_BAD_CREDENTIALS = 0x86;
    private static final int MQTT5_NOT_AUTHORIZED = 0x87;
    private static final int MQTT5_BAD_AUTH_METHOD = 0x8C;

    private FailureCauses() {
    }

    static Cause of(Throwable error) {
        // exception types first, anywhere in the chain: our wrappers' messages repeat the words below
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            Cause found = typed(t);
            if (found != null) {
                return found;
            }
        }
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            Cause found = crt(text(t));
            if (found != null) {
                return found;
            }
        }
        return Cause.OTHER;
    }

    /**
     * The connection closed under us: Paho's lost connection, the CRT's failed TLS read after the
     * handshake, or a broken pipe / reset on the CONNECT write (mosquitto 2.0.11 refusing a client
     * certificate under TLS 1.3 closes before Paho reads its alert; seen in the issue 14 trial), or the
     * JDK's "Remote host terminated the handshake" / EOF when the close overtakes the alert.
     */
    static boolean closedAfterHandshake(Throwable error) {
        if (of(error) == Cause.LOST) {
            return true;
        }
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String m = text(t);
            if (m.contains("failure during tls read")
                    || t instanceof java.net.SocketException && (m.contains("broken pipe") || m.contains("connection reset"))
                    || t instanceof java.io.EOFException
                    || t instanceof javax.net.ssl.SSLException && (m.contains("remote host terminated the handshake")
                            || m.contains("connection reset") || m.contains("peer shut down incorrectly"))) {
                // the last three: the broker closed before its alert was read (which of close and alert
                // reaches the JDK first is up to the broker's and our threads), seen as a MutualTlsIT flake
                return true;
            }
        }
        return false;
    }

    /** Whichever of the chain's messages names the failure best, for the log: class and message. */
    static String detail(Throwable error) {
        StringBuilder b = new StringBuilder();
        for (Throwable t = error; t != null && b.length() < 400; t = t.getCause() == t ? null : t.getCause()) {
            if (b.length() > 0) {
                b.append(" <- ");
            }
            b.append(t.getClass().getSimpleName());
            if (t.getMessage() != null) {
                b.append(": ").append(t.getMessage());
            }
        }
        return b.toString();
    }

    private static Cause typed(Throwable t) {
        if (t instanceof PublishException.CertificateRefused) {
            return Cause.CERTIFICATE_REFUSED;
        }
        if (t instanceof TlsSetupException) {
            return Cause.TLS_FAILED; // our own PEM files, before any byte reached the broker
        }
        if (t instanceof UnknownHostException) {
            return Cause.DNS;
        }
        if (t instanceof NoRouteToHostException || t instanceof SocketTimeoutException) {
            return Cause.UNREACHABLE;
        }
        if (t instanceof ConnectException) {
            return Cause.REFUSED;
        }
        if (t instanceof SSLHandshakeException) {
            return tls(text(t));
        }
        if (t instanceof org.eclipse.paho.client.mqttv3.MqttException e) {
            return pahoCode(e.getReasonCode());
        }
        if (t instanceof org.eclipse.paho.mqttv5.common.MqttException e) {
            return pahoCode(e.getReasonCode());
        }
        return null;
    }

    private static Cause pahoCode(int code) {
        return switch (code) {
            case PAHO_FAILED_AUTHENTICATION, PAHO_NOT_AUTHORIZED, MQTT5_BAD_CREDENTIALS, MQTT5_NOT_AUTHORIZED,
                    MQTT5_BAD_AUTH_METHOD -> Cause.NOT_AUTHORISED;
            case PAHO_CLIENT_TIMEOUT -> Cause.UNREACHABLE;
            case PAHO_CONNECTION_LOST -> Cause.LOST;
            default -> null; // look at the cause
        };
    }

    /** The JDK's handshake failures: our trust check of the server, or the server's alert about our certificate. */
    private static Cause tls(String m) {
        if (m.contains("pkix") || m.contains("certification path") || m.contains("no subject alternative")
                || m.contains("no name matching")) {
            return Cause.SERVER_NOT_TRUSTED;
        }
        if (m.contains("bad_certificate") || m.contains("unknown_ca") || m.contains("certificate_unknown")
                || m.contains("certificate_required") || m.contains("certificate_revoked")
                || m.contains("certificate_expired")) {
            return Cause.CERTIFICATE_REFUSED;
        }
        return Cause.TLS_FAILED;
    }

    /** The CRT's error strings (aws-c-io, aws-c-mqtt), and plain socket words from either library. */
    private static Cause crt(String m) {
        if (m.contains("aws_tls_ctx_options")) {
            return Cause.TLS_FAILED; // the CRT could not load our CA, certificate or key file
        }
        if (m.contains("connection refused")) {
            return Cause.REFUSED;
        }
        if (m.contains("dns") || m.contains("host name")) {
            return Cause.DNS;
        }
        if (m.contains("no route") || m.contains("timed out") || m.contains("timeout") || m.contains("network is down")
                || m.contains("time limit")) {
            return Cause.UNREACHABLE;
        }
        if (m.contains("not authorized") || m.contains("not authorised") || m.contains("return code: 5")
                || m.contains("return code: 4")) {
            return Cause.NOT_AUTHORISED;
        }
        if (m.contains("tls") || m.contains("ssl") || m.contains("certificate")) {
            return m.contains("trust") || m.contains("x509") ? Cause.SERVER_NOT_TRUSTED : Cause.TLS_FAILED;
        }
        return null;
    }

    private static String text(Throwable t) {
        return t.getMessage() == null ? "" : t.getMessage().toLowerCase(Locale.ROOT);
    }
}
