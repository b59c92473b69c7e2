package com.scalesense.sink.handler;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.ScheduledEvent;
import com.scalesense.sink.admin.AssignmentCheck;
import com.scalesense.sink.rejection.RejectionMetrics;
import com.scalesense.sink.tables.TableNames;
import java.time.Clock;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Entry point for an EventBridge schedule (template: every 5 minutes) running
 * {@link AssignmentCheck}: every keg assignment the scale has not yet applied is sent again; then
 * the held batches of every device on the work list are replayed ({@link HeldBatchReplay#sweep}), so
 * a registration fixed in the API or by hand lets them in within one period.
 * Variables: {@code SCALESENSE_IOT_DATA_ENDPOINT} (required, see {@link SinkWiring#scaleCommands}),
 * {@code SCALESENSE_TABLE_PREFIX}.
 */
public final class AssignmentCheckHandler implements RequestHandler<ScheduledEvent, Map<String, Object>> {

    private static final Logger LOG = LoggerFactory.getLogger(AssignmentCheckHandler.class);

    private final AssignmentCheck check;
    private final HeldBatchReplay replay;
    private final RejectionMetrics metrics;
    private final Clock clock;

    public AssignmentCheckHandler() {
        this(new AssignmentCheck(SinkWiring.client(), TableNames.fromEnv(System.getenv()), Clock.systemUTC(),
                SinkWiring.scaleCommands(System.getenv())),
                SinkWiring.heldReplay(SinkWiring.client(), System.getenv(), Clock.systemUTC()),
                new RejectionMetrics(System.out), Clock.systemUTC());
    }

    public AssignmentCheckHandler(AssignmentCheck check) {
        this(check, null, null, Clock.systemUTC());
    }

    /**
     * @param replay  the held-batch sweep run after the check, or null for none
     * @param metrics where the sweep's count of batches still held goes (EMF), or null
     */
    public AssignmentCheckHandler(AssignmentCheck check, HeldBatchReplay replay, RejectionMetrics metrics, Clock clock) {
        this.check = check;
        this.replay = replay;
        this.metrics = metrics;
        this.clock = clock;
    }

    @Override
    public Map<String, Object> handleRequest(ScheduledEvent event, Context context) {
        AssignmentCheck.Report r = check.run();
        LOG.info("Assignment check: {} sent, {} not sent, {} without a scale, {} cleared", r.sent(), r.notSent(),
                r.noScale(), r.cleared());
        Map<String, Object> result = new java.util.LinkedHashMap<>(Map.of("sent", r.sent(), "not_sent", r.notSent(),
                "no_scale", r.noScale(), "cleared", r.cleared()));
        if (replay != null) {
            HeldBatchReplay.SweepReport held = replay.sweep();
            LOG.info("Held batches: {} devices, {} let in, {} still refused", held.devices(), held.letIn(),
                    held.stillRefused());
            result.put("held_devices", held.devices());
            result.put("held_let_in", held.letIn());
            result.put("held_refused", held.stillRefused());
            if (metrics != null) {
                metrics.held(held.stillRefused(), clock.instant());
            }
        }
        return result;
    }
}
