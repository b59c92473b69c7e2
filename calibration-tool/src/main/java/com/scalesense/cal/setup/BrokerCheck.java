package com.scalesense.cal.setup;

import com.scalesense.agent.tls.PemTls;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;

/**
 * One test connection to the broker as the agent will make it: TCP, then for ssl:// a TLS handshake
 * that checks the broker's chain against the CA file and its name against the URI's host (and
 * presents the client certificate for mutual TLS), then an MQTT 3.1.1 CONNECT with the device id as
 * client id, which the broker must answer with CONNACK 0 (MQTT 3.1.1 section 3.2.2.3). Plain JDK
 * sockets: no MQTT client library, so scale-cal needs none.
 */
final class BrokerCheck {

    /** A broker answering slower than this is reported as not answering (a Pi on a slow link included). */
    static final Duration TIMEOUT = Duration.ofSeconds(10);

    private BrokerCheck() {
    }

    /** @throws SetupException saying which step failed and why */
    static void connect(ScaleIdentity identity) {
        var uri = identity.broker();
        String where = uri.toString();
        try (Socket socket = open(identity)) {
            socket.setSoTimeout((int) TIMEOUT.toMillis());
            OutputStream out = socket.getOutputStream();
            out.write(connectPacket(identity.deviceId()));
            out.flush();
            DataInputStream in = new DataInputStream(socket.getInputStream());
            int type = in.readUnsignedByte();
            int length = in.readUnsignedByte();
            if (type != 0x20 || length != 2) {
                throw SetupException.brokerRefused("--broker " + where + ": answered CONNECT with packet type 0x"
                        + Integer.toHexString(type) + ", not CONNACK: is it an MQTT 3.1.1 broker?", null);
            }
            in.readUnsignedByte(); // session present
            int code = in.readUnsignedByte();
            if (code != 0) {
                throw SetupException.brokerRefused("--broker " + where + ": refused client id " + identity.deviceId()
                        + " with CONNACK return code " + code + " (" + connackReason(code) + ")", null);
            }
            out.write(new byte[] {(byte) 0xE0, 0}); // DISCONNECT
            out.flush();
        } catch (SSLHandshakeException e) {
            throw SetupException.brokerRefused("--broker " + where + ": TLS handshake failed: " + e.getMessage()
                    + " (is --ca-file the CA of the broker's certificate, and --cert-file/--key-file the device's?)", e);
        } catch (IOException e) {
            // TLS 1.3: a broker that wants a device certificate (none, or one it does not trust)
            // accepts the handshake and then closes the connection, so the CONNECT sees a broken pipe.
            String hint = "ssl".equals(uri.getScheme()) && !(e instanceof java.net.ConnectException)
                    ? " (over TLS: a broker that requires a device certificate closes the connection when "
                        + "--cert-file/--key-file are missing or not signed by a CA it trusts)" : "";
            throw SetupException.brokerRefused("--broker " + where + ": " + e + hint, e);
        }
    }

    private static Socket open(ScaleIdentity identity) throws IOException {
        var uri = identity.broker();
        InetSocketAddress address = new InetSocketAddress(uri.getHost(), uri.getPort());
        if (!"ssl".equals(uri.getScheme())) {
            Socket socket = new Socket();
            socket.connect(address, (int) TIMEOUT.toMillis());
            return socket;
        }
        Socket tcp = new Socket();
        tcp.connect(address, (int) TIMEOUT.toMillis());
        SSLSocket ssl = (SSLSocket) PemTls.socketFactory(identity.caFile(), identity.certFile(), identity.keyFile()).createSocket(tcp, uri.getHost(), uri.getPort(), true);
        SSLParameters parameters = ssl.getSSLParameters();
        parameters.setEndpointIdentificationAlgorithm("HTTPS"); // the broker's name must match its certificate
        ssl.setSSLParameters(parameters);
        ssl.setSoTimeout((int) TIMEOUT.toMillis());
        ssl.startHandshake();
        return ssl;
    }

    /** CONNECT: protocol "MQTT" level 4, clean session, keep alive 60 s, the client id (MQTT 3.1.1 section 3.1). */
    static byte[] connectPacket(String clientId) {
        byte[] id = clientId.getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.writeBytes(new byte[] {0, 4, 'M', 'Q', 'T', 'T', 4, 0x02, 0, 60});
        body.write(id.length >> 8);
        body.write(id.length & 0xFF);
        body.writeBytes(id);
        ByteArrayOutputStream packet = new ByteArrayOutputStream();
        packet.write(0x10);
        packet.write(body.size()); // < 128: a device id is short (Ids.DEVICE_ID)
        packet.writeBytes(body.toByteArray());
        return packet.toByteArray();
    }

    private static String connackReason(int code) {
        return switch (code) {
            case 1 -> "unacceptable protocol version";
            case 2 -> "client id rejected";
            case 3 -> "server unavailable";
            case 4 -> "bad user name or password";
            case 5 -> "not authorized: check the device certificate and its policy";
            default -> "unknown";
        };
    }
}
