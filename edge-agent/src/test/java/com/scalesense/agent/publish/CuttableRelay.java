package com.scalesense.agent.publish;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP relay on 127.0.0.1 in front of a broker, whose connections the test can cut: the scale
 * then sees its connection drop (a pulled cable, a broker restart) without the broker going away,
 * so a test can cut and reconnect many times in a second instead of restarting HiveMQ.
 * While {@link #refuse} is set, new connections are closed at once as a dead broker would.
 */
public final class CuttableRelay implements AutoCloseable {

    private final ServerSocket server;
    private final int targetPort;
    private final List<Socket> open = new CopyOnWriteArrayList<>();
    private volatile boolean refusing;

    public CuttableRelay(int targetPort) {
        this.targetPort = targetPort;
        try {
            server = new ServerSocket();
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        daemon(this::acceptForever, "relay-accept").start();
    }

    public URI uri(String scheme) {
        return URI.create(scheme + "://localhost:" + server.getLocalPort());
    }

    /** Closes every relayed connection now; later connections are relayed again unless {@link #refuse}d. */
    public void cut() {
        for (Socket s : open) {
            closeQuietly(s);
        }
        open.clear();
    }

    /** While true, a new connection is accepted and closed at once. */
    public void refuse(boolean value) {
        refusing = value;
    }

    private void acceptForever() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                if (refusing) {
                    closeQuietly(client);
                    continue;
                }
                Socket broker = new Socket(InetAddress.getLoopbackAddress(), targetPort);
                open.add(client);
                open.add(broker);
                daemon(() -> pipe(client, broker), "relay-up").start();
                daemon(() -> pipe(broker, client), "relay-down").start();
            } catch (IOException e) {
                if (server.isClosed()) {
                    return;
                }
            }
        }
    }

    private static void pipe(Socket from, Socket to) {
        byte[] buffer = new byte[8192];
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            for (int n; (n = in.read(buffer)) >= 0; ) {
                out.write(buffer, 0, n);
                out.flush();
            }
        } catch (IOException e) {
            // cut or closed by either side
        } finally {
            closeQuietly(from);
            closeQuietly(to);
        }
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // already closed
        }
    }

    @Override
    public void close() {
        closeQuietly(server);
        cut();
    }

    private static void closeQuietly(ServerSocket s) {
        try {
            s.close();
        } catch (IOException e) {
            // already closed
        }
    }
}
