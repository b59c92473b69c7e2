package com.scalesense.agent.publish.internal;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Shutdown steps whose failure must not stop the next step; the failure is logged, not hidden. */
final class CloseQuietly {

    private static final Logger LOG = LoggerFactory.getLogger(CloseQuietly.class);

    @FunctionalInterface
    interface Step {
        void run() throws Exception;
    }

    private CloseQuietly() {
    }

    static void run(Step step) {
        try {
            step.run();
        } catch (Exception e) {
            LOG.debug("ignored during close: {}", e.toString());
        }
    }
}
