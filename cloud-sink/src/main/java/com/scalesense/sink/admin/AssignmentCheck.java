package com.scalesense.sink.admin;

import static com.scalesense.sink.tables.Attr.n;
import static com.scalesense.sink.tables.Attr.s;

import com.scalesense.protocol.Rfc3339;
import com.scalesense.sink.command.CommandNotSentException;
import com.scalesense.sink.command.KegCommands;
import com.scalesense.sink.command.ScaleCommands;
import com.scalesense.sink.tables.AssignmentAttrs;
import com.scalesense.sink.tables.Attr;
import com.scalesense.sink.tables.ItemKey;
import com.scalesense.sink.tables.Keys;
import com.scalesense.sink.tables.Table;
import com.scalesense.sink.tables.TableNames;
import java.time.Clock;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * Sends every keg assignment the scale has not yet applied again (issue 17), on a schedule like the
 * offline check: a command lost on the way (scale offline past the broker's session expiry, the
 * broker refusing, the first send failing) reaches the scale on a later run. Reads the work list
 * ({@link Keys#PENDING_ASSIGNMENTS}, one Query) and each listed tap's config item; a tap whose
 * assignment is applied or superseded leaves the list. Idempotent: each send of an assignment
 * carries the same command_id ({@link KegCommands}), and assigning the same keg again changes
 * nothing on the scale, so the schedule may run as often as wanted.
 */
public final class AssignmentCheck {

    /** 1 MB pages of ~150-byte items: one page is thousands of pending taps; 10 bound a runaway list. */
    private static final int MAX_PAGES = 10;
    private static final Logger LOG = LoggerFactory.getLogger(AssignmentCheck.class);

    /**
     * What one run did.
     *
     * @param sent    commands the broker took
     * @param notSent commands the broker did not take (tried again next run)
     * @param noScale pending assignments of taps without a registered scale (sent once one is registered)
     * @param cleared list entries removed: their assignment was applied or superseded
     */
    public record Report(int sent, int notSent, int noScale, int cleared) {
    }

    private final Table table;
    private final Clock clock;
    private final ScaleCommands commands;

    public AssignmentCheck(DynamoDbClient client, TableNames names, Clock clock, ScaleCommands commands) {
        this.table = new Table(client, names.scaleSense());
        this.clock = clock;
        this.commands = commands;
    }

    public Report run() {
        QueryRequest q = QueryRequest.builder().keyConditionExpression("PK = :pk").consistentRead(true)
                .expressionAttributeValues(Map.of(":pk", s(Keys.PENDING_ASSIGNMENTS))).build();
        int sent = 0;
        int notSent = 0;
        int noScale = 0;
        int cleared = 0;
        for (Map<String, AttributeValue> entry : table.queryAll(q, MAX_PAGES, item -> item)) {
            String tapId = Attr.str(entry, ItemKey.SK);
            String kegId = Attr.str(entry, "keg_id");
            Map<String, AttributeValue> tap = table.get(tapConfig(tapId), true);
            if (!AssignmentAttrs.PENDING.equals(Attr.str(tap, AssignmentAttrs.STATUS))
                    || !kegId.equals(Attr.str(tap, AssignmentAttrs.KEG_ID))) {
                // Only this entry: a newer assignment may have replaced it since it was read.
                if (table.deleteIf(Keys.pendingAssignment(tapId), "keg_id = :k", Map.of(":k", s(kegId)))) {
                    cleared++;
                }
                continue;
            }
            String deviceId = Attr.str(tap, DeviceRegistry.TAP_DEVICE);
            if (deviceId == null) {
                noScale++;
                continue;
            }
            try {
                // the same command as the first send, full flag included (KegAssigner stored it with the request)
                commands.send(deviceId, KegCommands.assignKeg(kegId, Attr.str(tap, "keg_type"), Attr.str(tap, "beer_id"),
                        Attr.dec(tap, AssignmentAttrs.SG), Attr.num(tap, AssignmentAttrs.REQUESTED_AT_MS),
                        Boolean.TRUE.equals(Attr.flag(tap, AssignmentAttrs.FULL))));
                sent++;
                countSend(tapId, kegId);
            } catch (CommandNotSentException e) {
                notSent++;
                LOG.warn("assign_keg {} to {} not sent: {}", kegId, deviceId, e.getMessage());
            }
        }
        return new Report(sent, notSent, noScale, cleared);
    }

    /** assignment_sends + 1 and the time, while the assignment is still this pending one. */
    private void countSend(String tapId, String kegId) {
        try {
            table.update(u -> u.key(Attr.key(tapConfig(tapId)))
                    .conditionExpression("#k = :k AND #s = :pending")
                    .updateExpression("ADD #n :one SET #at = :now")
                    .expressionAttributeNames(Map.of("#k", AssignmentAttrs.KEG_ID, "#s", AssignmentAttrs.STATUS,
                            "#n", AssignmentAttrs.SENDS, "#at", AssignmentAttrs.LAST_SENT_AT))
                    .expressionAttributeValues(Map.of(":k", s(kegId), ":pending", s(AssignmentAttrs.PENDING),
                            ":one", n(1), ":now", s(Rfc3339.format(clock.millis())))));
        } catch (ConditionalCheckFailedException appliedMeanwhile) {
            // The scale's readings showed the keg between the read and now: nothing to count.
        }
    }

    private static ItemKey tapConfig(String tapId) {
        return Keys.tapConfig(tapId.substring(0, tapId.indexOf("#TAP#")), Keys.tapNumber(tapId));
    }
}
