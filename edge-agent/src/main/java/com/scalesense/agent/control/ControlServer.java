package com.scalesense.agent.control;

import com.scalesense.agent.control.internal.RequestHandler;
import com.scalesense.control.Lines;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The agent's control socket: a Unix domain stream socket, mode 0660 (owner and group: the
 * technician joins the agent's group), speaking line-delimited JSON (docs/control-socket.md).
 * Each connection carries requests one after another; at most {@link #MAX_CONNECTIONS} are
 * served at once and a further one gets a {@code busy} error. A connection that sends no request
 * for {@code control.idle_timeout} (default 30 s) while none of its requests is being served (a
 * forgotten {@code socat} session) is closed, so idle clients cannot lock technicians out
 * (issue 14). State changes are serialized by the {@link ControlService}, not here.
 */
public final class ControlServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ControlServer.class);
    /** The CLI opens one connection at a time; a few more allow a live view beside it. */
    public static final int MAX_CONNECTIONS = 4;

    private final Path path;
    private final ServerSocketChannel server;
    private final RequestHandler handler;
    private final ExecutorService connections;
    private final Thread acceptor;
    private final IdleConnections idle;

    private ControlServer(Path path, ServerSocketChannel server, ControlService service, IdleConnections idle) {
        this.path = path;
        this.server = server;
        this.idle = idle;
        this.handler = new RequestHandler(service);
        this.connections = new ThreadPoolExecutor(0, MAX_CONNECTIONS, 30, TimeUnit.SECONDS, new SynchronousQueue<>(),
                r -> daemon(r, "control-connection"));
        this.acceptor = daemon(this::acceptLoop, "control-accept");
    }

    /**
     * Binds {@code path} (a stale socket file from a killed run is replaced), sets it to 0660 and
     * starts accepting.
     */
    public static ControlServer start(Path path, ControlService service) {
        return start(path, service, new IdleConnections(IdleConnections.DEFAULT_TIMEOUT, System::nanoTime));
    }

    /**
     * As {@link #start(Path, ControlService)}, closing connections idle for {@code idle}'s timeout;
     * the caller runs {@link #closeIdle()} on a schedule ({@link IdleConnections#checkEvery()}).
     */
    public static ControlServer start(Path path, ControlService service, IdleConnections idle) {
        try {
            Files.createDirectories(path.toAbsolutePath().getParent());
            Files.deleteIfExists(path);
            ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
            server.bind(UnixDomainSocketAddress.of(path));
            // Right after bind: until then the file has the umask's mode (0027 → 0750 under the unit).
            Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rw-rw----"));
            ControlServer s = new ControlServer(path, server, service, idle);
            s.acceptor.start();
            LOG.info("control socket listening on {}", path);
            return s;
        } catch (IOException e) {
            throw new UncheckedIOException("control socket " + path + " could not be bound", e);
        }
    }

    public Path path() {
        return path;
    }

    private void acceptLoop() {
        while (server.isOpen()) {
            SocketChannel channel;
            try {
                channel = server.accept();
            } catch (ClosedChannelException e) {
                return;
            } catch (IOException e) {
                LOG.warn("control socket accept failed", e);
                continue;
            }
            try {
                connections.execute(() -> serve(channel));
            } catch (RejectedExecutionException e) {
                refuseBusy(channel);
            }
        }
    }

    /** Closes every connection idle for the timeout; returns how many. Run on a schedule, or by tests on injected time. */
    public int closeIdle() {
        return idle.closeIdle();
    }

    /** Connections open now, idle or serving. */
    public int openConnections() {
        return idle.open();
    }

    private void serve(SocketChannel channel) {
        IdleConnections.Session session = idle.opened(channel);
        try (channel; InputStream in = Channels.newInputStream(channel);
             OutputStream out = Channels.newOutputStream(channel)) {
            for (String line = Lines.read(in); line != null; line = Lines.read(in)) {
                if (!line.isBlank()) {
                    session.serving(true);
                    try {
                        handler.handle(line, reply -> write(out, reply));
                    } finally {
                        session.serving(false);
                    }
                }
            }
        } catch (IOException | UncheckedIOException e) {
            LOG.debug("control connection ended: {}", e.toString());
        } finally {
            idle.closed(session);
        }
    }

    private static void write(OutputStream out, String reply) {
        try {
            out.write((reply + "\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void refuseBusy(SocketChannel channel) {
        try (channel; OutputStream out = Channels.newOutputStream(channel)) {
            write(out, RequestHandler.error("busy", "the scale is busy: " + idle.open() + " other control sessions are "
                    + "open (at most " + MAX_CONNECTIONS + "; idle ones close after " + idle.timeout().toSeconds()
                    + " s); retry"));
        } catch (IOException | UncheckedIOException e) {
            LOG.debug("could not refuse a control connection: {}", e.toString());
        }
    }

    /** Stops accepting, ends open connections and removes the socket file. */
    @Override
    public void close() {
        try {
            server.close();
            connections.shutdownNow();
            Files.deleteIfExists(path);
        } catch (IOException e) {
            LOG.warn("control socket {} could not be removed", path, e);
        }
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }
}
