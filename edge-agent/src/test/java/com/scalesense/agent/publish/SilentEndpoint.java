package com.scalesense.agent.publish;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A listening socket on 127.0.0.1 that accepts connections and never says a word: a TLS client
 * waits for the ServerHello, an MQTT client for its CONNACK, until its own connect timeout. This is
 * what a broker behind a firewall that drops packets, or a hung broker, looks like to the scale.
 */
public final class SilentEndpoint implements AutoCloseable {

    private final ServerSocket server;
    private final List<Socket> accepted = new CopyOnWriteArrayList<>();
    private final AtomicInteger connections = new AtomicInteger();
    private final Thread acceptor;

    public SilentEndpoint() {
        try {
            server = new ServerSocket();
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        acceptor = new Thread(this::acceptForever, "silent-endpoint");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    private void acceptForever() {
        while (!server.isClosed()) {
            try {
                accepted.add(server.accept());
                connections.incrementAndGet();
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    /** How many connections were accepted so far (each one then hears nothing). */
    public int connections() {
        return connections.get();
    }

    public URI uri(String scheme) {
        return URI.create(scheme + "://localhost:" + server.getLocalPort());
    }

    /** A {@code scheme://localhost:port} where nothing listens: the connection is refused at once. */
    public static URI closedPort(String scheme) {
        return URI.create(scheme + "://localhost:" + LoopbackPorts.pickFree());
    }

    @Override
    public void close() {
        try {
            server.close();
            for (Socket s : accepted) {
                s.close();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
