package com.scalesense.agent.notify;

import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The agent's messages to systemd (sd_notify(3)) for a {@code Type=notify} unit with
 * {@code WatchdogSec}: {@code READY=1} once the stores are open and the first sample was read,
 * {@code WATCHDOG=1} only while the agent is healthy, {@code STOPPING=1} on shutdown, and
 * {@code STATUS=} lines for {@code systemctl status}. A no-op when {@code $NOTIFY_SOCKET} is unset
 * (run by hand or in tests).
 */
public final class SdNotifier implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(SdNotifier.class);

    private final NotifyTransport transport;
    private final Duration watchdogInterval;

    /** @param watchdogInterval systemd's watchdog timeout, or null when the watchdog is off */
    public SdNotifier(NotifyTransport transport, Duration watchdogInterval) {
        this.transport = transport;
        this.watchdogInterval = watchdogInterval;
    }

    /**
     * From the environment systemd sets: {@code NOTIFY_SOCKET}, {@code WATCHDOG_USEC} and
     * {@code WATCHDOG_PID} (the watchdog is for this process only if the PID matches).
     */
    public static SdNotifier fromEnvironment(Map<String, String> env, long pid) {
        String socket = env.get("NOTIFY_SOCKET");
        Duration watchdog = watchdogOf(env, pid).orElse(null);
        if (socket == null || socket.isEmpty()) {
            return new SdNotifier(message -> { }, null);
        }
        try {
            return new SdNotifier(DatagramTransport.open(socket), watchdog);
        } catch (IOException | RuntimeException | LinkageError e) {
            // No native library for this CPU, say: run on, but systemd will time the start out.
            LOG.error("sd_notify socket {} unusable; systemd will not see READY or the watchdog", socket, e);
            return new SdNotifier(message -> { }, null);
        }
    }

    static Optional<Duration> watchdogOf(Map<String, String> env, long pid) {
        String usec = env.get("WATCHDOG_USEC");
        String forPid = env.get("WATCHDOG_PID");
        if (usec == null || (forPid != null && !forPid.equals(Long.toString(pid)))) {
            return Optional.empty();
        }
        try {
            long us = Long.parseLong(usec);
            return us > 0 ? Optional.of(Duration.ofNanos(us * 1000)) : Optional.empty();
        } catch (NumberFormatException e) {
            LOG.warn("WATCHDOG_USEC='{}' is not a number of microseconds; watchdog not fed", usec);
            return Optional.empty();
        }
    }

    /** The watchdog timeout systemd enforces, if any; the agent pings at a third of it. */
    public Optional<Duration> watchdogInterval() {
        return Optional.ofNullable(watchdogInterval);
    }

    public void ready(String status) {
        transport.send("READY=1\nSTATUS=" + oneLine(status));
    }

    public void watchdog() {
        transport.send("WATCHDOG=1");
    }

    public void status(String status) {
        transport.send("STATUS=" + oneLine(status));
    }

    public void stopping(String status) {
        transport.send("STOPPING=1\nSTATUS=" + oneLine(status));
    }

    @Override
    public void close() {
        if (transport instanceof AutoCloseable c) {
            try {
                c.close();
            } catch (Exception e) {
                LOG.debug("sd_notify socket close: {}", e.toString());
            }
        }
    }

    private static String oneLine(String s) {
        return s.replace('\n', ' ');
    }
}
