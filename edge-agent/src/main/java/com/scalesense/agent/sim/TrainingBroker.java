package com.scalesense.agent.sim;

import com.scalesense.agent.AgentException;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The stand-in broker of {@code --simulate --cds-training} (issue 18): an MQTT 3.1.1 responder on
 * 127.0.0.1 at an ephemeral port, so that the install-time class-list run of
 * {@code scale-agent --dump-cds} goes through the online path (connect, subscribe, publish, PUBACK)
 * without a real broker, and the class-data archive holds those classes too.
 *
 * <p>Guarantees: one connection at a time, on one daemon thread; CONNECT level 4 (3.1.1, what
 * {@code PahoV3Transport} sends) gets CONNACK accepted, any other level CONNACK 0x01 and the
 * connection closed (MQTT 3.1.1 §3.2.2.3); SUBSCRIBE gets SUBACK granting each requested QoS,
 * PUBLISH QoS 1 PUBACK, QoS 2 PUBREC then PUBCOMP on PUBREL, UNSUBSCRIBE UNSUBACK, PINGREQ
 * PINGRESP; DISCONNECT, EOF or a malformed packet closes the connection. A packet whose remaining
 * length exceeds {@value #MAX_REMAINING_LENGTH} bytes is refused (connection closed) before it is
 * read. Nothing received is kept but counts and the names of the topics published to (at most
 * {@value #MAX_TOPICS}); nothing is ever delivered to a subscriber. {@link #close()} ends the
 * thread.
 */
public final class TrainingBroker implements AutoCloseable {

    /** The largest packet taken: a few MB, far above any batch the agent sends, and still bounded. */
    static final int MAX_REMAINING_LENGTH = 4 * 1024 * 1024;
    /** Topic names remembered for the summary line; the agent publishes to 3 ({@code Topics}). */
    static final int MAX_TOPICS = 16;
    /** The protocol level of MQTT 3.1.1 in CONNECT (MQTT 3.1.1 §3.1.2.2). */
    private static final int LEVEL_3_1_1 = 4;
    private static final long JOIN_LIMIT_MS = 5_000;

    private final ServerSocket server;
    private final Thread thread;
    private final AtomicInteger connections = new AtomicInteger();
    private final AtomicInteger publishes = new AtomicInteger();
    private final AtomicInteger subscribes = new AtomicInteger();
    private final AtomicInteger pings = new AtomicInteger();
    private final AtomicInteger dropped = new AtomicInteger();
    private final Set<String> topics = new TreeSet<>();
    private volatile Socket current;
    private volatile boolean closed;

    private TrainingBroker(ServerSocket server) {
        this.server = server;
        this.thread = new Thread(this::serve, "cds-training-broker");
        this.thread.setDaemon(true);
    }

    /** Listens on 127.0.0.1 at a port the kernel picks. */
    public static TrainingBroker start() {
        try {
            ServerSocket server = new ServerSocket();
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1);
            TrainingBroker broker = new TrainingBroker(server);
            broker.thread.start();
            return broker;
        } catch (IOException e) {
            throw new AgentException("cds training: cannot listen on 127.0.0.1: " + e.getMessage(), e);
        }
    }

    /** {@code tcp://127.0.0.1:PORT}, for {@code mqtt.broker_uri}. */
    public URI uri() {
        return URI.create("tcp://127.0.0.1:" + server.getLocalPort());
    }

    /** What the responder has answered so far. */
    public Seen seen() {
        synchronized (topics) {
            return new Seen(connections.get(), publishes.get(), subscribes.get(), pings.get(), dropped.get(),
                    Set.copyOf(topics));
        }
    }

    /**
     * Counts of what was answered.
     *
     * @param connections CONNECTs accepted
     * @param publishes   PUBLISH packets acknowledged (QoS 1 and 2; QoS 0 counted too)
     * @param subscribes  SUBSCRIBE packets acknowledged
     * @param pings       PINGREQ answered
     * @param dropped     connections closed for a malformed, oversized or unexpected packet
     * @param topics      the topic names published to (at most {@value TrainingBroker#MAX_TOPICS})
     */
    public record Seen(int connections, int publishes, int subscribes, int pings, int dropped, Set<String> topics) {
    }

    /**
     * Stops listening, closes the open connection and waits (bounded) for the thread to end. It logs
     * nothing: it may start before the agent's logging is configured (tinylog is set once).
     */
    @Override
    public void close() {
        closed = true;
        closeQuietly(server);
        closeQuietly(current);
        try {
            thread.join(JOIN_LIMIT_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void serve() {
        while (!closed) {
            try (Socket socket = server.accept()) {
                current = socket;
                if (closed) {
                    return; // close() ran between accept and the assignment: it may have missed this socket
                }
                converse(new DataInputStream(socket.getInputStream()), socket.getOutputStream());
            } catch (EOFException | SocketException e) {
                // the client went away, or close() closed the socket under us: next connection or done
            } catch (IOException | RuntimeException e) {
                dropped.incrementAndGet(); // malformed or oversized: this connection ends, the next is served
            } finally {
                current = null;
            }
        }
    }

    /** Answers one connection until DISCONNECT; EOF ends it with an EOFException. */
    private void converse(DataInputStream in, OutputStream out) throws IOException {
        while (true) {
            int header = in.readUnsignedByte();
            byte[] body = new byte[remainingLength(in)];
            in.readFully(body);
            int type = header >>> 4;
            switch (type) {
                case 1 -> {
                    if (!connect(body, out)) {
                        return;
                    }
                }
                case 3 -> publish(header, body, out);
                case 6 -> out.write(new byte[] {0x70, 2, body[0], body[1]}); // PUBREL -> PUBCOMP
                case 8 -> subscribe(body, out);
                case 10 -> out.write(new byte[] {(byte) 0xB0, 2, body[0], body[1]}); // UNSUBACK
                case 12 -> {
                    pings.incrementAndGet();
                    out.write(new byte[] {(byte) 0xD0, 0}); // PINGRESP
                }
                case 14 -> {
                    return; // DISCONNECT
                }
                default -> throw new IOException("packet type " + type + " is not one a client sends to this responder");
            }
            out.flush();
        }
    }

    /** CONNACK: accepted for level 4, "unacceptable protocol version" (0x01) otherwise. */
    private boolean connect(byte[] body, OutputStream out) throws IOException {
        int nameLength = ((body[0] & 0xFF) << 8) | (body[1] & 0xFF);
        int level = body[2 + nameLength] & 0xFF;
        boolean accepted = level == LEVEL_3_1_1;
        out.write(new byte[] {0x20, 2, 0, (byte) (accepted ? 0 : 1)});
        out.flush();
        if (accepted) {
            connections.incrementAndGet();
        }
        return accepted;
    }

    private void publish(int header, byte[] body, OutputStream out) throws IOException {
        int qos = (header >>> 1) & 3;
        int topicLength = ((body[0] & 0xFF) << 8) | (body[1] & 0xFF);
        String topic = new String(body, 2, topicLength, StandardCharsets.UTF_8);
        publishes.incrementAndGet();
        synchronized (topics) {
            if (topics.size() < MAX_TOPICS) {
                topics.add(topic);
            }
        }
        if (qos > 0) {
            byte id0 = body[2 + topicLength];
            byte id1 = body[3 + topicLength];
            out.write(new byte[] {(byte) (qos == 1 ? 0x40 : 0x50), 2, id0, id1}); // PUBACK or PUBREC
        }
    }

    /** SUBACK granting each filter the QoS it asked for (MQTT 3.1.1 §3.9.3). */
    private void subscribe(byte[] body, OutputStream out) throws IOException {
        int filters = 0;
        byte[] granted = new byte[body.length];
        for (int at = 2; at < body.length; ) {
            int length = ((body[at] & 0xFF) << 8) | (body[at + 1] & 0xFF);
            at += 2 + length;
            granted[filters++] = (byte) (body[at++] & 3);
        }
        subscribes.incrementAndGet();
        out.write(new byte[] {(byte) 0x90, (byte) (2 + filters), body[0], body[1]});
        out.write(granted, 0, filters);
    }

    /** The variable-length remaining length (MQTT 3.1.1 §2.2.3), refused above the limit. */
    private static int remainingLength(InputStream in) throws IOException {
        int value = 0;
        for (int shift = 0; shift <= 21; shift += 7) {
            int b = in.read();
            if (b < 0) {
                throw new EOFException();
            }
            value |= (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                if (value > MAX_REMAINING_LENGTH) {
                    throw new IOException("remaining length " + value + " exceeds the responder's limit of "
                            + MAX_REMAINING_LENGTH + " bytes");
                }
                return value;
            }
        }
        throw new IOException("remaining length longer than 4 bytes (MQTT 3.1.1 §2.2.3)");
    }

    private static void closeQuietly(AutoCloseable c) {
        if (c == null) {
            return;
        }
        try {
            c.close();
        } catch (Exception e) {
            // closing is all that is left to do
        }
    }
}
