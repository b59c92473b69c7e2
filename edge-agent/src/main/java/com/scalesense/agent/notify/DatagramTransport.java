package com.scalesense.agent.notify;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.newsclub.net.unix.AFUNIXDatagramChannel;
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

    private final AFUNIXDatagramChannel channel;
    private final SocketAddress target;

    private DatagramTransport(AFUNIXDatagramChannel channel, SocketAddress target) {
        this.channel = channel;
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
        return new DatagramTransport(AFUNIXDatagramChannel.open(), target);
    }

    @Override
    public synchronized void send(String message) {
        byte[] bytes = message.getBytes(StandardCharsets.UTF_8);
        try {
            channel.send(ByteBuffer.wrap(bytes), target);
        } catch (IOException e) {
            LOG.warn("sd_notify '{}' could not be sent: {}", message.replace('\n', ' '), e.toString());
        }
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            LOG.debug("sd_notify channel close: {}", e.toString());
        }
    }
}
