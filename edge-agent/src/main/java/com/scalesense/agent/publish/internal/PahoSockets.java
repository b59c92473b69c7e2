package com.scalesense.agent.publish.internal;

import com.scalesense.agent.publish.MqttSettings;
import com.scalesense.agent.publish.TlsSettings;
import com.scalesense.agent.tls.PemTls;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.net.SocketFactory;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;

/**
 * The sockets of one Paho client object, plain or TLS, made by the factory Paho is given
 * ({@link #factory()}), with a longer read timeout than the one Paho asks for.
 *
 * <p>Why: Paho 1.2.5 ({@code mqttv3} and {@code mqttv5} alike) sets a fixed 1000 ms read timeout on
 * its socket right after connecting ({@code TCPNetworkModule.start()}), so its receiver thread wakes
 * every second, throws and catches a {@code SocketTimeoutException} and reads again (256 wake-ups
 * in 240 s of an idle agent; docs/operations.md, "Resource figures", issue 18). Here that first
 * setting becomes {@link #READ_TIMEOUT}; every later one passes unchanged: the TLS handshake
 * timeout ({@code MqttSettings.connectTimeout}, 30 s in the agent, set by
 * {@code SSLNetworkModule.start()}) and Paho's restore of the read timeout after the handshake,
 * which reads back {@link #READ_TIMEOUT}.
 *
 * <p>Nothing in Paho 1.2.5 waits for that timeout: {@code ClientComms.shutdownConnection} calls
 * {@code CommsReceiver.stop()}, which returns at once ({@code isRunning()} is false as soon as the
 * target state is STOPPED, in both clients), then closes the socket, which ends the blocked read.
 * Keep-alive does not depend on it either: PINGREQ comes from Paho's ping timer
 * ({@code TimerPingSender}, which also declares the link lost when no PINGRESP comes) and a
 * PINGRESP is read like any other packet. {@code PahoSocketsIT} checks the timeout after connect
 * and the stops against a broker gone silent.
 */
final class PahoSockets {

    /**
     * Read timeout of an MQTT socket after connecting, 10 s: at most one wake-up of Paho's receiver
     * per 10 s on an idle link. Should a Paho release ever wait for a blocked read, this bounds the
     * wait well inside systemd's TimeoutStopSec of 30 s (systemd/scale-agent.service).
     */
    static final Duration READ_TIMEOUT = Duration.ofSeconds(10);
    /** The read timeout Paho 1.2.5 sets after connecting ({@code TCPNetworkModule.start()}), ms. */
    static final int PAHO_READ_TIMEOUT_MS = 1000;

    private final List<Socket> made = new CopyOnWriteArrayList<>();
    private final SocketFactory factory;

    private PahoSockets(SSLSocketFactory tls) {
        this.factory = tls == null ? new Plain() : new Tls(tls);
    }

    /** Plain TCP sockets. */
    static PahoSockets plain() {
        return new PahoSockets(null);
    }

    /** TLS sockets of {@code tls} (e.g. {@code PemTls.socketFactory}); Paho still sees an {@link SSLSocketFactory}. */
    static PahoSockets tls(SSLSocketFactory tls) {
        return new PahoSockets(tls);
    }

    /** Plain or TLS as {@code settings} say; the PEM files are read now, as for every connection. */
    static PahoSockets of(MqttSettings settings) {
        TlsSettings tls = settings.tls();
        return tls == null ? plain() : tls(PemTls.socketFactory(tls.caFile(), tls.clientCertFile(), tls.clientKeyFile()));
    }

    /** The factory to give Paho ({@code setSocketFactory}). */
    SocketFactory factory() {
        return factory;
    }

    /** The sockets made so far, open or closed (for tests and diagnostics). */
    List<Socket> made() {
        return List.copyOf(made);
    }

    /** The read timeout to really set when Paho asks for {@code ms}; {@code first} = its first setting on the socket. */
    static int readTimeout(boolean first, int ms) {
        return first && ms == PAHO_READ_TIMEOUT_MS ? (int) READ_TIMEOUT.toMillis() : ms;
    }

    private <S extends Socket> S keep(S socket) {
        made.add(socket);
        return socket;
    }

    /** A plain socket whose first read timeout follows {@link #readTimeout}. */
    private static final class PatientSocket extends Socket {
        private boolean timeoutSet;

        @Override
        public synchronized void setSoTimeout(int timeout) throws SocketException {
            super.setSoTimeout(readTimeout(!timeoutSet, timeout));
            timeoutSet = true;
        }
    }

    private final class Plain extends SocketFactory {
        @Override
        public Socket createSocket() {
            return keep(new PatientSocket());
        }

        @Override
        public Socket createSocket(String host, int port) throws IOException {
            return connected(createSocket(), null, new InetSocketAddress(host, port));
        }

        @Override
        public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
            return connected(createSocket(), new InetSocketAddress(localHost, localPort), new InetSocketAddress(host, port));
        }

        @Override
        public Socket createSocket(InetAddress host, int port) throws IOException {
            return connected(createSocket(), null, new InetSocketAddress(host, port));
        }

        @Override
        public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
                throws IOException {
            return connected(createSocket(), new InetSocketAddress(localAddress, localPort),
                    new InetSocketAddress(address, port));
        }

        private Socket connected(Socket s, InetSocketAddress local, InetSocketAddress remote) throws IOException {
            if (local != null) {
                s.bind(local);
            }
            s.connect(remote);
            return s;
        }
    }

    /** Delegates every method to {@code delegate}, wrapping each socket it makes. */
    private final class Tls extends SSLSocketFactory {
        private final SSLSocketFactory delegate;

        Tls(SSLSocketFactory delegate) {
            this.delegate = delegate;
        }

        @Override
        public String[] getDefaultCipherSuites() {
            return delegate.getDefaultCipherSuites();
        }

        @Override
        public String[] getSupportedCipherSuites() {
            return delegate.getSupportedCipherSuites();
        }

        @Override
        public Socket createSocket() throws IOException {
            return wrap(delegate.createSocket());
        }

        @Override
        public Socket createSocket(Socket s, String host, int port, boolean autoClose) throws IOException {
            return wrap(delegate.createSocket(s, host, port, autoClose));
        }

        @Override
        public Socket createSocket(String host, int port) throws IOException {
            return wrap(delegate.createSocket(host, port));
        }

        @Override
        public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
            return wrap(delegate.createSocket(host, port, localHost, localPort));
        }

        @Override
        public Socket createSocket(InetAddress host, int port) throws IOException {
            return wrap(delegate.createSocket(host, port));
        }

        @Override
        public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
                throws IOException {
            return wrap(delegate.createSocket(address, port, localAddress, localPort));
        }

        private Socket wrap(Socket s) {
            return keep(new PatientSslSocket((SSLSocket) s));
        }
    }
}
