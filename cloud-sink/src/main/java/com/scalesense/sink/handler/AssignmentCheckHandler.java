package com.scalesense.sink.handler;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.ScheduledEvent;
import com.scalesense.sink.admin.AssignmentCheck;
import com.scalesense.sink.tables.TableNames;
import java.time.Clock;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Entry point for an EventBridge schedule (template: every 5 minutes) running
 * {@link AssignmentCheck}: every keg assignment the scale has not yet applied is sent again.
 * Variables: {@code SCALESENSE_IOT_DATA_ENDPOINT} (required, see {@link SinkWiring#scaleCommands}),
 * {@code SCALESENSE_TABLE_PREFIX}.
 */
public final class AssignmentCheckHandler implements RequestHandler<ScheduledEvent, Map<String, Object>> {

    private static final Logger LOG = LoggerFactory.getLogger(AssignmentCheckHandler.class);

    private final AssignmentCheck check;

    public AssignmentCheckHandler() {
        this(new AssignmentCheck(SinkWiring.client(), TableNames.fromEnv(System.getenv()), Clock.systemUTC(),
                SinkWiring.scaleCommands(System.getenv())));
    }

    public AssignmentCheckHandler(AssignmentCheck check) {
        this.check = check;
    }

    @Override
    public Map<String, Object> handleRequest(ScheduledEvent event, Context context) {
        AssignmentCheck.Report r = check.run();
        LOG.info("Assignment check: {} sent, {} not sent, {} without a scale, {} cleared", r.sent(), r.notSent(),
                r.noScale(), r.cleared());
        return Map.of("sent", r.sent(), "not_sent", r.notSent(), "no_scale", r.noScale(), "cleared", r.cleared());
    }
}
