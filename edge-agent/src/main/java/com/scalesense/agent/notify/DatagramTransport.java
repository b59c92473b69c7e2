package com.scalesense.agent.notify;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.newsclub.net.unix.AFUNIXDatagramSocket;
import org.newsclub.net.unix.AFUNIXSocketAddress;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * sd_notify over the AF_UNIX datagram socket named by {@code $NOTIFY_SOCKET} (sd_notify(3): a path,
 * or an abstract name when it starts with '@'). Java 17 has no AF_UNIX datagram sockets, so this
 * uses junixsocket. The datagram comes from the agent's own PID, so {@code NotifyAccess=main}
 * suffices (unlike spawning {@code systemd-notify}, which needs {@code NotifyAccess=all}).
 */
public final class DatagramTransport implements NotifyTransport, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(DatagramTransport.class);

    private final AFUNIXDatagramSocket socket;
    private final SocketAddress target;

    private DatagramTransport(AFUNIXDatagramSocket socket, SocketAddress target) {
        this.socket = socket;
        this.target = target;
    }

    /** @param notifySocket the value of {@code $NOTIFY_SOCKET} */
    public static DatagramTransport open(String notifySocket) throws IOException {
        SocketAddress target;
        if (notifySocket.startsWith("@")) {
            byte[] name = notifySocket.getBytes(StandardCharsets.UTF_8);
            name[0] = 0; // sd_notify(3): a leading '@' stands for the abstract namespace's NUL
            target = AFUNIXSocketAddress.of(name);
        } else {
            target = AFUNIXSocketAddress.of(Path.of(notifySocket));
        }
        return new DatagramTransport(AFUNIXDatagramSocket.newInstance(), target);
    }

    @Override
    public synchronized void send(String message) {
        byte[] bytes = message.getBytes(StandardCharsets.UTF_8);
        try {
            socket.send(new DatagramPacket(bytes, bytes.length, target));
        } catch (IOException e) {
            LOG.warn("sd_notify '{}' could not be sent: {}", message.replace('\n', ' '), e.toString());
        }
    }

    @Override
    public void close() {
        socket.close();
    }
}
