package com.scalesense.agent.publish.internal;

import java.io.DataInputStream;
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
 * A broker on 127.0.0.1 that answers each CONNECT with a CONNACK "accepted" and then goes silent:
 * it reads nothing more and answers nothing (no PUBACK, no PINGRESP), and never closes the
 * connection itself. This is a hung broker, or one behind a link that went dead after the
 * connection came up. MQTT 3.1.1 §3.2 and MQTT 5.0 §3.2 CONNACK, chosen by the CONNECT's
 * protocol level.
 */
final class MuteBroker implements AutoCloseable {

    /** MQTT 3.1.1 §3.1.2.2: protocol level 4; MQTT 5.0 §3.1.2.2: 5. */
    private static final int LEVEL_5 = 5;
    /** Offset of the protocol level in the CONNECT's variable header: length 2 + "MQTT" 4. */
    private static final int LEVEL_OFFSET = 6;

    private final ServerSocket server;
    private final List<Socket> accepted = new CopyOnWriteArrayList<>();

    MuteBroker() {
        try {
            server = new ServerSocket();
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Thread acceptor = new Thread(this::acceptUntilClosed, "mute-broker");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    URI uri() {
        return URI.create("tcp://127.0.0.1:" + server.getLocalPort());
    }

    private void acceptUntilClosed() {
        while (!server.isClosed()) {
            try {
                Socket s = server.accept();
                accepted.add(s);
                answerConnect(s);
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private static void answerConnect(Socket s) throws IOException {
        DataInputStream in = new DataInputStream(s.getInputStream());
        in.readUnsignedByte(); // CONNECT fixed header
        byte[] rest = new byte[remainingLength(in)];
        in.readFully(rest);
        OutputStream out = s.getOutputStream();
        out.write(rest[LEVEL_OFFSET] == LEVEL_5
                ? new byte[] {0x20, 0x03, 0x00, 0x00, 0x00} // session present 0, success, no properties
                : new byte[] {0x20, 0x02, 0x00, 0x00});      // session present 0, accepted
        out.flush();
    }

    /** MQTT 3.1.1 §2.2.3 variable byte integer, at most 4 bytes. */
    private static int remainingLength(InputStream in) throws IOException {
        int value = 0;
        for (int shift = 0; shift < 28; shift += 7) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("connection closed inside the remaining length");
            }
            value |= (b & 0x7f) << shift;
            if ((b & 0x80) == 0) {
                return value;
            }
        }
        throw new IOException("remaining length longer than 4 bytes");
    }

    @Override
    public void close() {
        CloseQuietly.run(server::close);
        for (Socket s : accepted) {
            CloseQuietly.run(s::close);
        }
    }
}
