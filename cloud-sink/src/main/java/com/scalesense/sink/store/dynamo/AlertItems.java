package com.scalesense.sink.store.dynamo;

import com.scalesense.protocol.Rfc3339;
import com.scalesense.sink.alerts.ActiveAlert;
import com.scalesense.sink.alerts.AlertChanges;
import com.scalesense.sink.alerts.AlertState;
import com.scalesense.sink.alerts.AlertType;
import com.scalesense.sink.alerts.DeviceState;
import com.scalesense.sink.store.AlertCommit;
import com.scalesense.sink.tables.Attr;
import com.scalesense.sink.tables.ItemKey;
import com.scalesense.sink.tables.Keys;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Transaction items for {@link AlertChanges}: ACTIVE# puts and the FIRING# put/delete, each
 * conditional on the state the changes were computed from (so two writers that raced cannot both
 * apply a transition), plus HIST# and STATE# puts whose keys are deterministic (idempotent).
 */
final class AlertItems {

    private final String table;
    private final Metered metered;

    AlertItems(String table, Metered metered) {
        this.table = table;
        this.metered = metered;
    }

    List<TransactWriteItem> of(AlertCommit c) {
        List<TransactWriteItem> out = new ArrayList<>();
        AlertChanges ch = c.changes();
        AlertState before = ch.before();
        for (ActiveAlert a : ch.after().active().values()) {
            ActiveAlert old = before.active(a.type(), a.entity()).orElse(null);
            if (!a.equals(old)) {
                out.add(active(c.locId(), a, old));
            }
        }
        for (AlertChanges.Transition t : ch.history()) {
            out.add(metered.put(table, hist(c.locId(), t), null, Map.of()));
        }
        if (!Objects.equals(before.lowKegSinceMs(), ch.after().lowKegSinceMs()) && c.tapId() != null) {
            out.add(firing(c, before.lowKegSinceMs(), ch.after().lowKegSinceMs()));
        }
        if (before.deviceState() != ch.after().deviceState()) {
            out.add(deviceState(c.deviceId(), before, ch.after()));
        }
        for (AlertChanges.StateChange s : ch.stateLog()) {
            out.add(stateLog(c.locId(), c.deviceId(), s));
        }
        return out;
    }

    private TransactWriteItem active(String locId, ActiveAlert a, ActiveAlert old) {
        ItemKey key = Keys.alertActive(locId, a.type().wire(), a.entity());
        Map<String, AttributeValue> item = keyed(key);
        item.put("type", Attr.s(a.type().wire()));
        item.put("entity", Attr.s(a.entity()));
        item.put("status", Attr.s(a.firing() ? "firing" : "resolved"));
        item.put(a.firing() ? "fired_at" : "resolved_at", Attr.s(Rfc3339.format(a.observedAtMs())));
        item.put("observed_at_ms", Attr.n(a.observedAtMs()));
        item.put("value", Attr.n(a.value()));
        if (old == null) {
            return metered.put(table, item, "attribute_not_exists(PK)", Map.of());
        }
        return metered.put(table, item, "observed_at_ms = :prev", Map.of(":prev", Attr.n(old.observedAtMs())));
    }

    private static Map<String, AttributeValue> hist(String locId, AlertChanges.Transition t) {
        Map<String, AttributeValue> item = keyed(Keys.alertHist(locId, t.atMs(), t.type().wire(), t.entity()));
        item.put("type", Attr.s(t.type().wire()));
        item.put("entity", Attr.s(t.entity()));
        item.put("status", Attr.s(t.fired() ? "fired" : "resolved"));
        item.put("at", Attr.s(Rfc3339.format(t.atMs())));
        item.put("value", Attr.n(t.value()));
        return item;
    }

    private TransactWriteItem firing(AlertCommit c, Long before, Long after) {
        ItemKey key = Keys.firing(c.tapId(), AlertType.LOW_KEG.wire());
        if (after == null) {
            return metered.delete(table, Attr.key(key), "started_at_ms = :prev",
                    Map.of(":prev", Attr.n(before)));
        }
        Map<String, AttributeValue> item = keyed(key);
        item.put("started_at_ms", Attr.n(after));
        item.put("started_at", Attr.s(Rfc3339.format(after)));
        // Seed 000: TTL = grace period, so an abandoned grace period cleans itself up.
        item.put("expires_at", Attr.n(after / 1000 + c.gracePeriodSecs()));
        return before == null
                ? metered.put(table, item, "attribute_not_exists(PK)", Map.of())
                : metered.put(table, item, "started_at_ms = :prev", Map.of(":prev", Attr.n(before)));
    }

    private TransactWriteItem deviceState(String deviceId, AlertState before, AlertState after) {
        var b = new UpdateBuilder().set("device_state", Attr.s(after.deviceState().name()))
                .set("device_state_at_ms", Attr.n(after.deviceStateAtMs()))
                .onlyIfUnchanged("device_state_at_ms", before.deviceState() == null ? null : Attr.n(before.deviceStateAtMs()));
        return metered.update(table, Attr.key(Keys.deviceTelemetry(deviceId)), b);
    }

    private TransactWriteItem stateLog(String locId, String deviceId, AlertChanges.StateChange s) {
        Map<String, AttributeValue> item = keyed(Keys.deviceStateLog(deviceId, s.state().name(), s.atMs()));
        item.put("state", Attr.s(s.state().name()));
        if (s.previous() != null) {
            item.put("previous_state", Attr.s(s.previous().name()));
        }
        item.put("reason", Attr.s(s.reason()));
        item.put("at", Attr.s(Rfc3339.format(s.atMs())));
        // Seed 004 sparse index: only escalated entries carry the index key.
        boolean escalated = s.state() == DeviceState.ERROR;
        if (escalated) {
            item.put("escalated_to", Attr.s(locId));
        }
        return metered.put(table, item, null, Map.of(), escalated ? 1 : 0);
    }

    static Map<String, AttributeValue> keyed(ItemKey key) {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put(ItemKey.PK, Attr.s(key.pk()));
        item.put(ItemKey.SK, Attr.s(key.sk()));
        return item;
    }
}
