package com.scalesense.sink.admin;

import static com.scalesense.sink.tables.Attr.key;
import static com.scalesense.sink.tables.Attr.s;

import com.scalesense.sink.tables.Attr;
import com.scalesense.sink.tables.Keys;
import com.scalesense.sink.tables.Table;
import com.scalesense.sink.tables.TableNames;
import com.scalesense.sink.validation.Fields;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Binds a scale to a tap: {@code DEVICE#<id>/META} gets loc_id, tap_id, device_id (the last
 * puts it in device-index) and the tap's config gets {@value #TAP_DEVICE}, in one transaction. Moving a
 * scale clears it from its old tap in the same transaction. A tap held by another scale is
 * refused rather than silently taken: two scales reporting for one tap would mix two kegs.
 * Status attributes ingestion keeps on DEVICE META are preserved (UpdateItem, not PutItem).
 */
public final class DeviceRegistry {

    /**
     * The tap config's scale. Not named device_id: that attribute is device-index's key and the
     * index must hold DEVICE#/META items only (docs/data-model.md).
     */
    public static final String TAP_DEVICE = "assigned_device_id";

    private final Table table;
    private final Clock clock;

    public DeviceRegistry(DynamoDbClient client, TableNames names, Clock clock) {
        this.table = new Table(client, names.scaleSense());
        this.clock = clock;
    }

    /**
     * @throws ConflictException if another scale holds the tap, or the scale moved concurrently
     * @throws NotFoundException  if the tap does not exist
     */
    public void register(String deviceId, String hardwareId, String locId, String tapNumber) {
        Fields.match("device_id", deviceId, Fields.DEVICE_ID);
        Fields.match("hardware_id", hardwareId, Fields.HARDWARE_ID);
        Fields.match("loc_id", locId, Fields.LOC_ID);
        Fields.match("tap_number", tapNumber, Fields.TAP_NUMBER);
        String tapId = locId + "#TAP#" + tapNumber;
        Map<String, AttributeValue> current = table.get(Keys.deviceMeta(deviceId), true);
        String oldTapId = Attr.str(current, "tap_id");

        Map<String, AttributeValue> values = new HashMap<>(Map.of(":d", s(deviceId), ":h", s(hardwareId),
                ":l", s(locId), ":t", s(tapId), ":now", s(clock.instant().toString())));
        // Optimistic: the scale's tap must still be what we read, or a concurrent move wins.
        String unchanged = "attribute_not_exists(tap_id)";
        if (oldTapId != null) {
            values.put(":old", s(oldTapId));
            unchanged = "tap_id = :old";
        }
        List<TransactWriteItem> items = new ArrayList<>();
        String guard = unchanged;
        items.add(TransactWriteItem.builder().update(u -> u.tableName(table.name()).key(key(Keys.deviceMeta(deviceId)))
                .conditionExpression(guard)
                .updateExpression("SET device_id = :d, hardware_id = :h, loc_id = :l, tap_id = :t, registered_at = :now")
                .expressionAttributeValues(values)).build());
        items.add(TransactWriteItem.builder().update(u -> u.tableName(table.name()).key(key(Keys.tapConfig(locId, tapNumber)))
                .conditionExpression("attribute_exists(PK) AND (attribute_not_exists(" + TAP_DEVICE + ") OR " + TAP_DEVICE + " = :d)")
                .updateExpression("SET " + TAP_DEVICE + " = :d, tap_id = :t")
                .expressionAttributeValues(Map.of(":d", s(deviceId), ":t", s(tapId)))).build());
        if (oldTapId != null && !oldTapId.equals(tapId)) {
            String[] parts = oldTapId.split("#TAP#", 2);
            items.add(TransactWriteItem.builder().update(u -> u.tableName(table.name())
                    .key(key(Keys.tapConfig(parts[0], parts[1])))
                    .conditionExpression("attribute_exists(PK) AND (attribute_not_exists(" + TAP_DEVICE + ") OR " + TAP_DEVICE + " = :d)")
                    .updateExpression("REMOVE " + TAP_DEVICE)
                    .expressionAttributeValues(Map.of(":d", s(deviceId)))).build());
        }
        try {
            table.transact(items);
        } catch (TransactionCanceledException e) {
            throw explain(e.cancellationReasons(), deviceId, tapId);
        }
    }

    private RuntimeException explain(List<CancellationReason> reasons, String deviceId, String tapId) {
        if (reasons.size() > 1 && "ConditionalCheckFailed".equals(reasons.get(1).code())) {
            Map<String, AttributeValue> tap = table.get(Keys.tapConfig(tapId.split("#TAP#")[0], Keys.tapNumber(tapId)), true);
            if (tap.isEmpty()) {
                return new NotFoundException("tap", tapId);
            }
            String holder = Attr.str(tap, TAP_DEVICE);
            // there is no unregister: moving the holder clears this tap in the same transaction as its move
            return new ConflictException("tap", tapId, "is held by " + holder + "; move " + holder
                    + " to another tap first (device register " + holder + " <hardware_id> <loc_id> <nn>; tap create"
                    + " makes a spare one), then register " + deviceId + " here");
        }
        return new ConflictException("device", deviceId, "was moved concurrently; read it again and retry");
    }
}
