package com.scalesense.agent.notify;

/** Sends one sd_notify datagram (newline-separated {@code KEY=VALUE} assignments). */
@FunctionalInterface
public interface NotifyTransport {

    /** Best effort: systemd not listening is not an error of the agent's. */
    void send(String message);
}
