package com.scalesense.sink.store.dynamo;

import com.scalesense.protocol.BootRegistration;
import com.scalesense.protocol.Rfc3339;
import com.scalesense.sink.store.DeviceSeen;
import com.scalesense.sink.store.DeviceTouch;
import com.scalesense.sink.store.RegistrationUpsert;
import com.scalesense.sink.store.StoreUnavailableException;
import com.scalesense.sink.tables.Attr;
import com.scalesense.sink.tables.TableNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Function;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * Seed 001's devices rows. Batches and registrations each carry their own newer-only guard
 * (last_reading_ms, last_boot_at_ms); first_registered_at and confirmation_id are set once.
 */
final class DeviceWriter {

    /** Seed 001: gsi1pk is the constant "devices", gsi1sk a copy of last_seen_at. */
    static final String GSI1PK = "devices";
    // gsi1sk changes on every update: the index entry moves (2 index writes, DynamoDB GSI rules).
    private static final int GSI1_WRITES = 2;

    private final DynamoDbClient client;
    private final Updater updater;
    private final TableNames names;

    DeviceWriter(DynamoDbClient client, Updater updater, TableNames names) {
        this.client = client;
        this.updater = updater;
        this.names = names;
    }

    void touch(DeviceTouch t) {
        String seen = Rfc3339.format(t.seenAt());
        // A late batch of an older boot must not undo a registration: identity is filled, never overwritten.
        var b = seen(seen).setIfAbsent("device_id", Attr.s(t.deviceId())).setIfAbsent("loc_id", Attr.s(t.locId()))
                .setIfAbsent("tap_id", Attr.s(t.tapId())).setIfAbsent("last_boot_id", Attr.s(t.bootId()))
                .setIfAbsent("firmware_version", Attr.s(t.firmwareVersion()))
                .onlyIfNotNewer("last_seen_at", Attr.s(seen));
        updater.update(names.devices(), Map.of("hardware_id", Attr.s(t.hardwareId())), b, GSI1_WRITES);
    }

    void register(RegistrationUpsert u) {
        BootRegistration r = u.registration();
        String seen = Rfc3339.format(u.seenAt());
        Map<String, AttributeValue> features = new TreeMap<>();
        r.capabilities().features().forEach((k, v) -> features.put(k, Attr.bool(v)));
        var capabilities = AttributeValue.fromM(Map.of(
                "sensors", AttributeValue.fromL(r.capabilities().sensors().stream().map(Attr::s).toList()),
                "features", AttributeValue.fromM(features)));
        var b = seen(seen).set("device_id", Attr.s(r.deviceId()))
                .set("loc_id", r.locId() == null ? null : Attr.s(r.locId()))
                .set("tap_id", r.tapId() == null ? null : Attr.s(r.tapId()))
                .set("last_boot_id", Attr.s(r.bootId())).set("firmware_version", Attr.s(r.firmwareVersion()))
                .set("capabilities", capabilities)
                .setIfAbsent("confirmation_id", Attr.s(u.confirmationId()))
                .set("last_boot_at_ms", Attr.n(r.timestampMs()))
                .onlyIfNotNewer("last_boot_at_ms", Attr.n(r.timestampMs()))
                .andAbsentOrEqual("device_id", Attr.s(r.deviceId()));
        updater.update(names.devices(), Map.of("hardware_id", Attr.s(r.hardwareId())), b, GSI1_WRITES);
    }

    private static UpdateBuilder seen(String seen) {
        return new UpdateBuilder().set("last_seen_at", Attr.s(seen)).set("gsi1pk", Attr.s(GSI1PK))
                .set("gsi1sk", Attr.s(seen)).setIfAbsent("first_registered_at", Attr.s(seen));
    }

    Optional<String> registeredDevice(String hardwareId) {
        try {
            var item = client.getItem(g -> g.tableName(names.devices()).key(Map.of("hardware_id", Attr.s(hardwareId)))
                    .projectionExpression("device_id").consistentRead(true)).item();
            return Optional.ofNullable(Attr.str(item, "device_id"));
        } catch (SdkException e) {
            throw StoreFailures.of("GetItem devices", e);
        }
    }

    /** Query gsi1 for gsi1sk &lt; cutoff, oldest first: no scan (seed 000 "never scan"). */
    List<DeviceSeen> seenBefore(String cutoff, int limit) {
        return oldestFirst(client, "devices gsi1", q -> q.tableName(names.devices()).indexName("gsi1")
                .keyConditionExpression("gsi1pk = :p AND gsi1sk < :c")
                .expressionAttributeValues(Map.of(":p", Attr.s(GSI1PK), ":c", Attr.s(cutoff))), limit,
                item -> Attr.str(item, "last_seen_at"));
    }

    /**
     * The first {@code limit} devices of an index query, ascending, pages of at most 500.
     *
     * @param since the instant (RFC 3339) each item was last heard of
     */
    static List<DeviceSeen> oldestFirst(DynamoDbClient client, String what, Consumer<QueryRequest.Builder> query,
                                        int limit, Function<Map<String, AttributeValue>, String> since) {
        List<DeviceSeen> out = new ArrayList<>();
        try {
            var pages = client.queryPaginator(q -> query.accept(q.scanIndexForward(true).limit(Math.min(limit, 500))));
            for (var item : pages.items()) {
                if (out.size() >= limit) {
                    break;
                }
                out.add(new DeviceSeen(Attr.str(item, "hardware_id"), Attr.str(item, "device_id"),
                        Attr.str(item, "loc_id"), since.apply(item)));
            }
            return out;
        } catch (SdkException e) {
            throw new StoreUnavailableException("Query " + what, e);
        }
    }
}
