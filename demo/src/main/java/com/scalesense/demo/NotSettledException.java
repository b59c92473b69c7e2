package com.scalesense.demo;

import java.time.Duration;

/** Something the demo waits for (outboxes drained, the sink idle) did not happen in time. */
public final class NotSettledException extends DemoException {

    private static final long serialVersionUID = 1L;

    private final String what;
    private final Duration limit;

    public NotSettledException(String what, Duration limit) {
        super(what + " did not happen within " + limit.toSeconds() + " s (real time)");
        this.what = what;
        this.limit = limit;
    }

    public String what() {
        return what;
    }

    public Duration limit() {
        return limit;
    }
}
