package com.scalesense.sink.store.dynamo;

import static com.scalesense.sink.tables.AssignmentAttrs.APPLIED;
import static com.scalesense.sink.tables.AssignmentAttrs.APPLIED_AT;
import static com.scalesense.sink.tables.AssignmentAttrs.AT_MS;
import static com.scalesense.sink.tables.AssignmentAttrs.COMMAND_ID;
import static com.scalesense.sink.tables.AssignmentAttrs.FULL;
import static com.scalesense.sink.tables.AssignmentAttrs.KEG_ID;
import static com.scalesense.sink.tables.AssignmentAttrs.LAST_SENT_AT;
import static com.scalesense.sink.tables.AssignmentAttrs.PENDING;
import static com.scalesense.sink.tables.AssignmentAttrs.REQUESTED_AT;
import static com.scalesense.sink.tables.AssignmentAttrs.REQUESTED_AT_MS;
import static com.scalesense.sink.tables.AssignmentAttrs.SCALE;
import static com.scalesense.sink.tables.AssignmentAttrs.SENDS;
import static com.scalesense.sink.tables.AssignmentAttrs.SG;
import static com.scalesense.sink.tables.AssignmentAttrs.SOURCE;
import static com.scalesense.sink.tables.AssignmentAttrs.STATUS;
import static com.scalesense.sink.tables.AssignmentAttrs.UNASSIGNED_AT;

import com.scalesense.protocol.Rfc3339;
import com.scalesense.sink.store.AssignmentChange;
import com.scalesense.sink.store.KegFacts;
import com.scalesense.sink.tables.Attr;
import com.scalesense.sink.tables.Keys;
import com.scalesense.sink.tables.TableNames;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Writes an {@link AssignmentChange} to the tap's config item ({@code LOCATION#<loc_id>/TAP#nn}) as
 * one conditional UpdateItem. Applied: only while the item still names that keg, pending or applied
 * from a later reading (so the earliest reading wins whatever the delivery order). Adopted and
 * Unassigned: never over a pending cloud request, and only newer than the instant the tap's current
 * state took effect ({@code assignment_at_ms}); a redelivery finds its own instant there and changes
 * nothing. A failed condition is the expected stale outcome (see {@link Updater}).
 */
final class AssignmentWriter {

    /** The tap's item must exist: an UpdateItem would otherwise create a tap nobody made. */
    private static final String NEWER = "attribute_exists(PK) AND (attribute_not_exists(#st) OR #st <> :pending)"
            + " AND (attribute_not_exists(#at) OR #at < :t)";
    private static final Map<String, String> NAMES = Map.of("#st", STATUS, "#at", AT_MS);

    private final Updater updater;
    private final TableNames names;

    AssignmentWriter(Updater updater, TableNames names) {
        this.updater = updater;
        this.names = names;
    }

    void change(AssignmentChange c) {
        String at = Rfc3339.format(c.atMs());
        Map<String, AttributeValue> values = Map.of(":t", Attr.n(c.atMs()), ":pending", Attr.s(PENDING));
        UpdateBuilder b = new UpdateBuilder();
        if (c instanceof AssignmentChange.Applied a) {
            b.set(STATUS, Attr.s(APPLIED)).set(AT_MS, Attr.n(a.atMs())).set(APPLIED_AT, Attr.s(at))
                    .onlyIf("#k = :k AND (#st = :pending OR (#st = :applied AND #at > :t))",
                            Map.of("#k", KEG_ID, "#st", STATUS, "#at", AT_MS),
                            Map.of(":k", Attr.s(a.kegId()), ":pending", Attr.s(PENDING), ":applied", Attr.s(APPLIED),
                                    ":t", Attr.n(a.atMs())));
        } else if (c instanceof AssignmentChange.Adopted d) {
            KegFacts k = d.keg();
            b.set("keg_id", Attr.s(k.kegId())).set("beer_id", k.beerId() == null ? null : Attr.s(k.beerId()))
                    .set("keg_type", k.kegType() == null ? null : Attr.s(k.kegType()))
                    .setDouble("full_lbs", k.fullLbs()).setDouble("empty_lbs", k.emptyLbs())
                    .set(KEG_ID, Attr.s(k.kegId())).set(STATUS, Attr.s(APPLIED)).set(SOURCE, Attr.s(SCALE))
                    .set(REQUESTED_AT, Attr.s(at)).set(REQUESTED_AT_MS, Attr.n(d.atMs())).set(APPLIED_AT, Attr.s(at))
                    .set(AT_MS, Attr.n(d.atMs()));
            removeCloudRequest(b).set(UNASSIGNED_AT, null).onlyIf(NEWER, NAMES, values);
        } else {
            for (String attr : new String[] {"keg_id", "beer_id", "keg_type", "full_lbs", "empty_lbs", KEG_ID, STATUS,
                SOURCE, REQUESTED_AT, REQUESTED_AT_MS, APPLIED_AT}) {
                b.set(attr, null);
            }
            removeCloudRequest(b).set(AT_MS, Attr.n(c.atMs())).set(UNASSIGNED_AT, Attr.s(at)).onlyIf(NEWER, NAMES, values);
        }
        updater.update(names.scaleSense(), Attr.key(Keys.tapConfig(c.locId(), c.tapNumber())), b, 0);
    }

    private static UpdateBuilder removeCloudRequest(UpdateBuilder b) {
        return b.set(COMMAND_ID, null).set(SG, null).set(FULL, null).set(SENDS, null).set(LAST_SENT_AT, null);
    }
}
