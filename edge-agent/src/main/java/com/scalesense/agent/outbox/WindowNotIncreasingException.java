package com.scalesense.agent.outbox;

/** A batch window that does not end after the boot's last sealed window; two batches could share an id. */
public final class WindowNotIncreasingException extends OutboxException {

    private static final long serialVersionUID = 1L;
    private final String bootId;
    private final long lastEndMs;
    private final long windowEndMs;

    public WindowNotIncreasingException(String bootId, long lastEndMs, long windowEndMs) {
        super("window_end_ms must be greater than the last sealed window end " + lastEndMs + " of boot " + bootId
                + ", was " + windowEndMs + ".");
        this.bootId = bootId;
        this.lastEndMs = lastEndMs;
        this.windowEndMs = windowEndMs;
    }

    public String bootId() {
        return bootId;
    }

    public long lastEndMs() {
        return lastEndMs;
    }

    public long windowEndMs() {
        return windowEndMs;
    }
}
