package com.scalesense.sink.query;

import static com.scalesense.sink.tables.Attr.s;

import com.scalesense.sink.tables.Keys;
import com.scalesense.sink.tables.TableNames;
import com.scalesense.sink.tables.Tables;
import com.scalesense.sink.validation.Fields;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * Seed 000 access patterns on alerts and live connections: active alerts, alert history, grace
 * period check, WebSocket connections of a location.
 *
 * <p>Items with a TTL ({@code FIRING#}, {@code WS_CONN#}) are checked against {@code now}:
 * DynamoDB deletes expired items lazily (typically within days), so "still there" is not
 * "still valid".
 */
public final class AlertQueries {

    private final Reads reads;

    public AlertQueries(DynamoDbClient client, TableNames names) {
        this.reads = new Reads(client, names.scaleSense());
    }

    /** {@code PK=ALERT#<loc_id>, SK begins_with ACTIVE#}. */
    public List<Item> activeAlerts(String locId) {
        return reads.prefix("ALERT#" + check(locId), "ACTIVE#", true);
    }

    /** {@code PK=ALERT#<loc_id>, SK begins_with HIST#}, newest first, at most {@code limit}. */
    public List<Item> alertHistory(String locId, int limit) {
        Fields.range("limit", limit, 1, 1000);
        return reads.firstPage(QueryRequest.builder().tableName(reads.table())
                .keyConditionExpression("PK = :pk AND begins_with(SK, :p)")
                .expressionAttributeValues(Map.of(":pk", s("ALERT#" + check(locId)), ":p", s("HIST#")))
                .scanIndexForward(false).limit(limit).build()).stream().map(Item::of).toList();
    }

    /**
     * Grace period check: the {@code FIRING#<tap_id> / <type>} item if its grace period has not
     * expired at {@code now} (seed 000 keys it FIRING#TAP#07; see docs/data-model.md for why the
     * full tap_id).
     */
    public Optional<Item> gracePeriod(String tapId, String alertType, Instant now) {
        Keys.tapNumber(tapId);
        return reads.get(Keys.firing(tapId, alertType)).filter(i -> notExpired(i, now));
    }

    /**
     * All live WebSocket connections of a location: GSI loc_id-index, {@code loc_id = :loc},
     * keeping {@code WS_CONN#} items (KEG# and DEVICE# META share the index) not yet expired.
     */
    public List<Item> wsConnections(String locId, Instant now) {
        return reads.index(Tables.LOC_ID_INDEX, "loc_id", check(locId)).stream()
                .filter(i -> i.string("PK").startsWith("WS_CONN#")).filter(i -> notExpired(i, now)).toList();
    }

    private static boolean notExpired(Item item, Instant now) {
        var expires = item.number("expires_at");
        return expires == null || expires.longValue() > now.getEpochSecond();
    }

    private static String check(String locId) {
        return Fields.match("loc_id", locId, Fields.LOC_ID);
    }
}
