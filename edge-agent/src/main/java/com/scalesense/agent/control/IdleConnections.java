package com.scalesense.agent.control;

import com.scalesense.control.ControlException;
import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The control socket's open connections and when each last did something, on injected monotonic
 * time. A connection is idle while none of its requests is being served (a {@code live} stream
 * that runs for minutes is not idle); one idle for {@link #timeout()} is closed by
 * {@link #closeIdle()}, which frees its place for the next technician.
 *
 * @param timeout        control.idle_timeout, &gt; 0
 */
public final class IdleConnections {

    private static final Logger LOG = LoggerFactory.getLogger(IdleConnections.class);
    /** control.idle_timeout's default: long enough to type a request into socat, short enough to wait out. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);

    private final Duration timeout;
    private final LongSupplier nanos;
    private final Set<Session> open = ConcurrentHashMap.newKeySet();

    /** One connection's activity. */
    public final class Session {
        private final SocketChannel channel;
        private volatile long lastActiveNanos = nanos.getAsLong();
        private volatile boolean serving;

        private Session(SocketChannel channel) {
            this.channel = channel;
        }

        void serving(boolean value) {
            serving = value;
            lastActiveNanos = nanos.getAsLong();
        }

        private boolean idleSince(long now) {
            return !serving && now - lastActiveNanos >= timeout.toNanos();
        }
    }

    public IdleConnections(Duration timeout, LongSupplier nanos) {
        if (timeout == null || timeout.isNegative() || timeout.isZero()) {
            throw new ControlException("bad_request", "control.idle_timeout must be a positive duration, was " + timeout);
        }
        this.timeout = timeout;
        this.nanos = nanos;
    }

    public Duration timeout() {
        return timeout;
    }

    /**
     * How often {@link #closeIdle()} should run when it needs a schedule of its own ({@link #needsOwnCheck}): a
     * quarter of the timeout, so a session lives at most 1.25 × it.
     */
    public Duration checkEvery() {
        return timeout.dividedBy(4);
    }

    /**
     * Whether checks every {@code round} (the agent's housekeeping) are too coarse for the timeout: a session then
     * lives up to timeout + round, at most 1.5 × the timeout when it is two rounds or longer. A shorter timeout needs
     * its own checks ({@link #checkEvery}); a longer one is checked by the round alone (issue 18: the shipped 30 s
     * timeout had its own 7.5 s check beside the 10 s round, a wake-up of a quiet agent every 7.5 s for nothing).
     */
    public boolean needsOwnCheck(Duration round) {
        return timeout.compareTo(round.multipliedBy(2)) < 0;
    }

    Session opened(SocketChannel channel) {
        Session s = new Session(channel);
        open.add(s);
        return s;
    }

    void closed(Session session) {
        open.remove(session);
    }

    int open() {
        return open.size();
    }

    int closeIdle() {
        long now = nanos.getAsLong();
        int closed = 0;
        for (Session s : open) {
            if (s.idleSince(now)) {
                try {
                    s.channel.close(); // the serving thread's blocked read ends and it leaves
                    closed++;
                } catch (IOException e) {
                    LOG.debug("closing an idle control connection failed: {}", e.toString());
                }
                open.remove(s);
            }
        }
        if (closed > 0) {
            LOG.info("closed {} control connection(s) idle for {} s or more", closed, timeout.toSeconds());
        }
        return closed;
    }
}
