package com.scalesense.sink.handler;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.ScheduledEvent;
import com.scalesense.sink.ingest.OfflineCheck;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Entry point for an EventBridge schedule (e.g. every 5 minutes) running {@link OfflineCheck}.
 * Variables: {@code SCALESENSE_OFFLINE_QUERY_SECS} (default 900, seed default offline_after_secs),
 * {@code SCALESENSE_SILENT_AFTER_SECS} (default 18000: longer than the agent's largest
 * {@code batch.max_delay}, 2 h, plus the 2 h {@code last_seen_at} may lag, plus an hour),
 * {@code SCALESENSE_OFFLINE_LIMIT} (default 1000 devices per query and run).
 */
public final class OfflineCheckHandler implements RequestHandler<ScheduledEvent, Map<String, Object>> {

    private static final Logger LOG = LoggerFactory.getLogger(OfflineCheckHandler.class);
    /** Seed-default offline_after_secs (the brief's location settings: 900). */
    static final long DEFAULT_QUERY_SECS = 900;
    /** Seed 001 scaling assumption: 1,000–10,000 devices; one run looks at most at the lower figure. */
    static final int DEFAULT_LIMIT = 1000;
    /** 5 h: above the agent's largest batch.max_delay (2 h) plus last_seen_at's 2 h refresh, with an hour to spare. */
    static final long DEFAULT_SILENT_SECS = 5 * 3600;

    private final OfflineCheck check;

    public OfflineCheckHandler() {
        this(fromEnv(System.getenv()));
    }

    public OfflineCheckHandler(OfflineCheck check) {
        this.check = check;
    }

    private static OfflineCheck fromEnv(Map<String, String> env) {
        long secs = Long.parseLong(env.getOrDefault("SCALESENSE_OFFLINE_QUERY_SECS", Long.toString(DEFAULT_QUERY_SECS)));
        long silent = Long.parseLong(env.getOrDefault("SCALESENSE_SILENT_AFTER_SECS", Long.toString(DEFAULT_SILENT_SECS)));
        int limit = Integer.parseInt(env.getOrDefault("SCALESENSE_OFFLINE_LIMIT", Integer.toString(DEFAULT_LIMIT)));
        return new OfflineCheck(SinkWiring.store(env), Clock.systemUTC(), Duration.ofSeconds(secs),
                Duration.ofSeconds(silent), limit);
    }

    @Override
    public Map<String, Object> handleRequest(ScheduledEvent event, Context context) {
        int raised = check.run();
        LOG.info("Offline check raised {} alert(s)", raised);
        return Map.of("raised", raised);
    }
}
