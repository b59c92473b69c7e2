package com.scalesense.agent.publish.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.scalesense.agent.publish.ConnectionProblem.Cause;
import com.scalesense.agent.publish.PublishException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import javax.net.ssl.SSLHandshakeException;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.junit.jupiter.api.Test;

/**
 * What Paho and the CRT throw, as a technician's cause. The shapes are Paho's: an MqttException
 * whose reason code is a CONNACK code, or 0/32103 with the JDK's socket or TLS exception as cause
 * (seen in MutualTlsIT and PublisherDiagnosisIT); the CRT's are its error strings.
 */
class FailureCausesTest {

    private static Throwable paho(int code, Throwable cause) {
        return new PublishException.Transport("(connect)", cause == null ? new MqttException(code)
                : new MqttException(code, cause));
    }

    @Test
    void names_socket_and_dns_failures_under_paho() {
        assertThat(FailureCauses.of(paho(32103, new ConnectException("Connection refused")))).isEqualTo(Cause.REFUSED);
        assertThat(FailureCauses.of(paho(0, new UnknownHostException("nonexistent.invalid")))).isEqualTo(Cause.DNS);
        assertThat(FailureCauses.of(paho(0, new NoRouteToHostException("No route to host"))))
                .isEqualTo(Cause.UNREACHABLE);
        assertThat(FailureCauses.of(paho(0, new SocketTimeoutException("connect timed out"))))
                .isEqualTo(Cause.UNREACHABLE);
        assertThat(FailureCauses.of(paho(32000, null))).isEqualTo(Cause.UNREACHABLE);
    }

    @Test
    void names_connack_refusals_as_not_authorised() {
        assertThat(FailureCauses.of(paho(5, null))).isEqualTo(Cause.NOT_AUTHORISED);
        assertThat(FailureCauses.of(paho(4, null))).isEqualTo(Cause.NOT_AUTHORISED);
        assertThat(FailureCauses.of(new org.eclipse.paho.mqttv5.common.MqttException(0x87)))
                .isEqualTo(Cause.NOT_AUTHORISED);
    }

    @Test
    void tells_our_refused_certificate_from_an_untrusted_server() {
        assertThat(FailureCauses.of(paho(0, new SSLHandshakeException("Received fatal alert: bad_certificate"))))
                .isEqualTo(Cause.CERTIFICATE_REFUSED);
        assertThat(FailureCauses.of(paho(0, new SSLHandshakeException(
                "PKIX path building failed: unable to find valid certification path to requested target"))))
                .isEqualTo(Cause.SERVER_NOT_TRUSTED);
    }

    @Test
    void a_broken_pipe_or_reset_while_sending_connect_is_the_broker_closing_after_the_handshake() {
        // Guards issue 14 item 2, seen against mosquitto 2.0.11 with require_certificate and a
        // client certificate from another CA: under TLS 1.3 its unknown_ca alert mostly reaches Paho
        // as a broken pipe on the CONNECT write, so status said only "the connection to the broker
        // failed" instead of naming the refused certificate.
        assertThat(FailureCauses.closedAfterHandshake(paho(0, new java.net.SocketException("Broken pipe"))))
                .isTrue();
        assertThat(FailureCauses.closedAfterHandshake(paho(0, new java.net.SocketException("Connection reset"))))
                .isTrue();
        // the close overtook the alert: the JDK names the handshake's end, not the certificate
        assertThat(FailureCauses.closedAfterHandshake(paho(32103,
                new SSLHandshakeException("Remote host terminated the handshake")))).isTrue();
        assertThat(FailureCauses.closedAfterHandshake(paho(32103, new javax.net.ssl.SSLException("Connection reset"))))
                .isTrue();
        assertThat(FailureCauses.closedAfterHandshake(paho(32103, new java.io.EOFException("SSL peer shut down incorrectly"))))
                .isTrue();
        // our own refusal of the broker's certificate is not the broker closing
        assertThat(FailureCauses.closedAfterHandshake(paho(32103, new SSLHandshakeException(
                "PKIX path building failed: unable to find valid certification path to requested target")))).isFalse();
        // a refused TCP connection never got to a handshake
        assertThat(FailureCauses.closedAfterHandshake(paho(32103, new ConnectException("Connection refused"))))
                .isFalse();
    }

    @Test
    void reads_the_crt_error_strings() {
        assertThat(FailureCauses.of(new RuntimeException("socket connection refused."))).isEqualTo(Cause.REFUSED);
        assertThat(FailureCauses.of(new RuntimeException("Host name was invalid for dns resolution.")))
                .isEqualTo(Cause.DNS);
        assertThat(FailureCauses.of(new RuntimeException("socket operation timed out."))).isEqualTo(Cause.UNREACHABLE);
        assertThat(FailureCauses.of(new RuntimeException("TLS (SSL) negotiation failed"))).isEqualTo(Cause.TLS_FAILED);
        // our CA file unreadable by the CRT is a local TLS problem, not an untrusted server (seen in MutualTlsIT)
        assertThat(FailureCauses.of(new RuntimeException("aws_tls_ctx_options_override_default_trust_store_from_path "
                + "failed (aws_last_error: AWS_ERROR_INVALID_ARGUMENT(34))"))).isEqualTo(Cause.TLS_FAILED);
    }
}
