package com.scalesense.sink.store.dynamo;

import com.scalesense.protocol.Rfc3339;
import com.scalesense.sink.store.ConnectionChange;
import com.scalesense.sink.store.DeviceSeen;
import com.scalesense.sink.tables.Attr;
import com.scalesense.sink.tables.Keys;
import com.scalesense.sink.tables.TableNames;
import com.scalesense.sink.tables.Tables;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The connection state of a registered scale on its {@code DEVICE#<id>/META} (seed 000 "Device
 * meta + status"): {@code connected}, {@code connection_at_ms}, {@code disconnect_reason}, and while
 * disconnected the keys of the sparse {@link Tables#DISCONNECTED_INDEX}. Each write is conditional
 * on the item existing (only an administrator creates META) and on the event being later in the
 * device's sequence than the stored one, so repeated and reordered lifecycle events converge.
 */
final class ConnectionWriter {

    /** The one partition of the sparse index (seed 001's devices gsi1 uses a constant the same way). */
    static final String DISCONNECTED_PK = "devices";
    // META is in device-index (ALL projection: 1 index write) and enters or leaves disconnected-index (1).
    private static final int INDEX_WRITES = 2;

    private final DynamoDbClient client;
    private final Updater updater;
    private final TableNames names;

    ConnectionWriter(DynamoDbClient client, Updater updater, TableNames names) {
        this.client = client;
        this.updater = updater;
        this.names = names;
    }

    boolean record(ConnectionChange c) {
        var b = new UpdateBuilder().set("connected", Attr.bool(c.connected()))
                .set("connection_at", Attr.s(Rfc3339.format(c.atMs())))
                .set("connection_at_ms", Attr.n(c.atMs()))
                .set("disconnect_reason", c.connected() || c.reason() == null ? null : Attr.s(c.reason()))
                .set("disconnected_pk", c.connected() ? null : Attr.s(DISCONNECTED_PK))
                .set("disconnected_at_ms", c.connected() ? null : Attr.n(c.atMs()))
                .set("connection_order", Attr.s(c.order()))
                .onlyIfExistsAndOlder("device_id", "connection_order", Attr.s(c.order()));
        return updater.update(names.scaleSense(), Attr.key(Keys.deviceMeta(c.deviceId())), b, INDEX_WRITES);
    }

    /** Query the sparse index for disconnected_at_ms &lt; cutoff, oldest first: no scan. */
    List<DeviceSeen> disconnectedBefore(long cutoffMs, int limit) {
        return DeviceWriter.oldestFirst(client, Tables.DISCONNECTED_INDEX, q -> q.tableName(names.scaleSense())
                .indexName(Tables.DISCONNECTED_INDEX)
                .keyConditionExpression("disconnected_pk = :p AND disconnected_at_ms < :c")
                .expressionAttributeValues(Map.of(":p", Attr.s(DISCONNECTED_PK), ":c", Attr.n(cutoffMs))), limit,
                item -> {
                    Long at = Attr.num(item, "disconnected_at_ms");
                    return at == null ? null : Rfc3339.format(at);
                });
    }
}
