package com.scalesense.sink.store.dynamo;

import com.scalesense.sink.LocationSettings;
import com.scalesense.sink.alerts.ActiveAlert;
import com.scalesense.sink.alerts.AlertState;
import com.scalesense.sink.alerts.AlertType;
import com.scalesense.sink.alerts.DeviceState;
import com.scalesense.sink.store.ContextQuery;
import com.scalesense.sink.store.DeviceRegistration;
import com.scalesense.sink.store.IngestContext;
import com.scalesense.sink.store.KegFacts;
import com.scalesense.sink.store.TapAssignment;
import com.scalesense.sink.tables.AssignmentAttrs;
import com.scalesense.sink.store.StoreUnavailableException;
import com.scalesense.sink.store.TelemetrySeen;
import com.scalesense.sink.tables.Attr;
import com.scalesense.sink.tables.ItemKey;
import com.scalesense.sink.tables.Keys;
import com.scalesense.sink.tables.TableNames;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;

/**
 * Reads everything a batch needs in one BatchGetItem (strongly consistent, so alert conditions are
 * computed from the latest state): location settings, the tap's and device's alert items and tap
 * state, the device state, the devices row's last_seen_at, the tap's config item (its keg assignment) and
 * the META of every keg the batch names. Reads cost read
 * units, a fifth of the price of write units (seed 002: $0.25 vs $1.25 per million).
 */
final class ContextReader {

    // Unprocessed keys come back only under throttling; 8 rounds bound one Lambda call, then SQS retries.
    private static final int MAX_ROUNDS = 8;

    private final DynamoDbClient client;
    private final TableNames names;

    ContextReader(DynamoDbClient client, TableNames names) {
        this.client = client;
        this.names = names;
    }

    IngestContext read(ContextQuery q) {
        String tapEntity = q.tapId() == null ? null : Keys.tapEntity(Keys.tapNumber(q.tapId()));
        String deviceEntity = Keys.deviceEntity(q.deviceId());
        List<ItemKey> keys = new ArrayList<>(List.of(Keys.locationSettings(q.locId()),
                Keys.alertActive(q.locId(), AlertType.LOW_BATTERY.wire(), deviceEntity),
                Keys.alertActive(q.locId(), AlertType.SENSOR_ERROR.wire(), deviceEntity),
                Keys.alertActive(q.locId(), AlertType.OFFLINE.wire(), deviceEntity),
                Keys.deviceTelemetry(q.deviceId())));
        if (tapEntity != null) {
            keys.add(Keys.alertActive(q.locId(), AlertType.LOW_KEG.wire(), tapEntity));
            keys.add(Keys.alertActive(q.locId(), AlertType.KEG_UNASSIGNED.wire(), tapEntity));
            keys.add(Keys.firing(q.tapId(), AlertType.LOW_KEG.wire()));
            keys.add(Keys.tapConfig(q.locId(), Keys.tapNumber(q.tapId())));
            keys.add(Keys.tapState(q.locId(), Keys.tapNumber(q.tapId())));
        }
        keys.add(Keys.deviceMeta(q.deviceId()));
        java.util.Set<String> kegs = new java.util.TreeSet<>(q.kegIds());
        if (q.tareKegId() != null) {
            kegs.add(q.tareKegId());
        }
        kegs.forEach(k -> keys.add(Keys.kegMeta(k)));
        Map<String, KeysAndAttributes> request = new HashMap<>();
        request.put(names.scaleSense(), KeysAndAttributes.builder().consistentRead(true)
                .keys(keys.stream().map(Attr::key).toList()).build());
        if (q.hardwareId() != null) {
            request.put(names.devices(), KeysAndAttributes.builder().consistentRead(true)
                    .keys(Map.of("hardware_id", Attr.s(q.hardwareId()))).projectionExpression("last_seen_at, device_id").build());
        }
        Map<String, List<Map<String, AttributeValue>>> byTable = getAll(request);
        Map<ItemKey, Map<String, AttributeValue>> found = new HashMap<>();
        for (var item : byTable.getOrDefault(names.scaleSense(), List.of())) {
            found.put(new ItemKey(Attr.str(item, ItemKey.PK), Attr.str(item, ItemKey.SK)), item);
        }
        var deviceRow = byTable.getOrDefault(names.devices(), List.of()).stream().findFirst().orElse(null);
        Map<String, ActiveAlert> active = new HashMap<>();
        for (AlertType type : AlertType.values()) {
            String entity = type.onTap() ? tapEntity : deviceEntity;
            if (entity == null) {
                continue;
            }
            var item = found.get(Keys.alertActive(q.locId(), type.wire(), entity));
            if (item != null) {
                active.put(AlertState.key(type, entity), new ActiveAlert(type, entity,
                        "firing".equals(Attr.str(item, "status")), Attr.num(item, "observed_at_ms"),
                        Attr.dec(item, "value")));
            }
        }
        Long since = tapEntity == null ? null
                : Attr.num(found.get(Keys.firing(q.tapId(), AlertType.LOW_KEG.wire())), "started_at_ms");
        var telemetry = found.get(Keys.deviceTelemetry(q.deviceId()));
        String state = Attr.str(telemetry, "device_state");
        Long stateAt = Attr.num(telemetry, "device_state_at_ms");
        var alerts = new AlertState(active, since, state == null ? null : DeviceState.valueOf(state),
                stateAt == null ? 0 : stateAt);
        String beerId = q.tareKegId() == null ? null : Attr.str(found.get(Keys.kegMeta(q.tareKegId())), "beer_id");
        Map<String, KegFacts> kegFacts = new HashMap<>();
        for (String k : kegs) {
            var meta = found.get(Keys.kegMeta(k));
            if (meta != null) {
                kegFacts.put(k, new KegFacts(k, Attr.str(meta, "loc_id"), Attr.str(meta, "beer_id"),
                        Attr.str(meta, "keg_type"), Attr.dec(meta, "full_lbs"), Attr.dec(meta, "empty_lbs")));
            }
        }
        TapAssignment tap = tapEntity == null ? null : tapAssignment(found.get(Keys.tapConfig(q.locId(),
                Keys.tapNumber(q.tapId()))));
        return new IngestContext(settings(found.get(Keys.locationSettings(q.locId()))), alerts, beerId,
                Attr.str(deviceRow, "last_seen_at"), Attr.str(deviceRow, "device_id"),
                registration(found.get(Keys.deviceMeta(q.deviceId()))), kegFacts, telemetrySeen(telemetry), tap,
                tapEntity == null ? null : Attr.num(found.get(Keys.tapState(q.locId(), Keys.tapNumber(q.tapId()))),
                        "updated_at_ms"), settingsAt(found.get(Keys.locationSettings(q.locId()))));
    }

    /** Null without a config item: a tap nobody created has no assignment to keep (and no item to write). */
    private static TapAssignment tapAssignment(Map<String, AttributeValue> config) {
        if (config == null) {
            return null;
        }
        return new TapAssignment(Attr.str(config, "keg_id"), Attr.str(config, AssignmentAttrs.KEG_ID),
                Attr.str(config, AssignmentAttrs.STATUS), Attr.num(config, AssignmentAttrs.AT_MS));
    }

    private static TelemetrySeen telemetrySeen(Map<String, AttributeValue> item) {
        Long at = Attr.num(item, "updated_at_ms");
        if (at == null) {
            return null;
        }
        Map<String, String> status = new HashMap<>();
        AttributeValue stored = item.get("sensor_status");
        if (stored != null && stored.hasM()) {
            stored.m().forEach((k, v) -> status.put(k, v.s()));
        }
        return new TelemetrySeen(at, status, item.containsKey("battery_loc_id"));
    }

    /** {@code DEVICE#<id>/META}, strongly consistent: a registration counts at once. */
    Optional<DeviceRegistration> registration(String deviceId) {
        try {
            var item = client.getItem(g -> g.tableName(names.scaleSense())
                    .key(Attr.key(Keys.deviceMeta(deviceId))).consistentRead(true)).item();
            return Optional.ofNullable(registration(item));
        } catch (SdkException e) {
            throw StoreFailures.of("GetItem DEVICE#/META", e);
        }
    }

    private static DeviceRegistration registration(Map<String, AttributeValue> meta) {
        if (meta == null || meta.isEmpty()) {
            return null;
        }
        return new DeviceRegistration(Attr.str(meta, "device_id"), Attr.str(meta, "hardware_id"),
                Attr.str(meta, "loc_id"), Attr.str(meta, "tap_id"));
    }

    /** A missing item or attribute takes the default of {@link LocationSettings#DEFAULTS}. */
    static LocationSettings settings(Map<String, AttributeValue> item) {
        var d = LocationSettings.DEFAULTS;
        if (item == null) {
            return d;
        }
        String tz = Attr.str(item, "timezone");
        String ends = Attr.str(item, "business_day_ends_at");
        return new LocationSettings(tz == null ? d.timezone() : ZoneId.of(tz),
                ends == null ? d.businessDayEndsAt() : LocalTime.parse(ends),
                orDefault(Attr.num(item, "grace_period_secs"), d.gracePeriodSecs()),
                orDefault(Attr.dec(item, "low_keg_pct"), d.lowKegPct()),
                orDefault(Attr.dec(item, "low_battery_pct"), d.lowBatteryPct()),
                orDefault(Attr.num(item, "offline_after_secs"), d.offlineAfterSecs()),
                (int) (long) orDefault(Attr.num(item, "rate_window_hours"), (long) d.rateWindowHours()));
    }

    /** The SETTINGS item's updated_at (ISO-8601, written by the admin), epoch ms; null without one. */
    static Long settingsAt(Map<String, AttributeValue> item) {
        String at = item == null ? null : Attr.str(item, "updated_at");
        try {
            return at == null ? null : java.time.Instant.parse(at).toEpochMilli();
        } catch (java.time.format.DateTimeParseException e) {
            return null; // an item edited by hand: no version, which only costs a scale a repeated command
        }
    }

    private static <T> T orDefault(T value, T fallback) {
        return value == null ? fallback : value;
    }

    private Map<String, List<Map<String, AttributeValue>>> getAll(Map<String, KeysAndAttributes> first) {
        Map<String, List<Map<String, AttributeValue>>> out = new HashMap<>();
        Map<String, KeysAndAttributes> request = first;
        try {
            // BatchGetItem may return part of the keys as unprocessed; ask again for those only (bounded).
            for (int round = 0; round < MAX_ROUNDS && !request.isEmpty(); round++) {
                var response = client.batchGetItem(BatchGetItemRequest.builder().requestItems(request).build());
                response.responses().forEach((table, items) -> out.computeIfAbsent(table, t -> new ArrayList<>()).addAll(items));
                request = response.hasUnprocessedKeys() ? response.unprocessedKeys() : Map.of();
            }
        } catch (SdkException e) {
            throw StoreFailures.of("BatchGetItem", e);
        }
        if (!request.isEmpty()) {
            throw new StoreUnavailableException("BatchGetItem",
                    new IllegalStateException("keys still unprocessed after " + MAX_ROUNDS + " rounds"));
        }
        return out;
    }
}
