package com.scalesense.agent.publish.internal;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Runs code called back from native threads, where an escaping exception would abort the JVM. */
final class NoThrow {

    private static final Logger LOG = LoggerFactory.getLogger(NoThrow.class);

    private NoThrow() {
    }

    static void run(Runnable callback) {
        try {
            callback.run();
        } catch (RuntimeException e) {
            LOG.error("callback from the MQTT client failed", e);
        }
    }
}
