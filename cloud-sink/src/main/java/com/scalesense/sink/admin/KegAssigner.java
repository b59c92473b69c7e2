package com.scalesense.sink.admin;

import static com.scalesense.sink.tables.Attr.key;
import static com.scalesense.sink.tables.Attr.n;
import static com.scalesense.sink.tables.Attr.s;

import com.scalesense.protocol.DeviceCommand;
import com.scalesense.protocol.Ids;
import com.scalesense.protocol.KegReference;
import com.scalesense.protocol.Rfc3339;
import com.scalesense.protocol.TareStatus;
import com.scalesense.sink.command.CommandNotSentException;
import com.scalesense.sink.command.KegCommands;
import com.scalesense.sink.command.ScaleCommands;
import com.scalesense.sink.tables.AssignmentAttrs;
import com.scalesense.sink.tables.Attr;
import com.scalesense.sink.tables.Keys;
import com.scalesense.sink.tables.Table;
import com.scalesense.sink.tables.TableNames;
import com.scalesense.sink.validation.Fields;
import com.scalesense.sink.validation.InvalidInputException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Puts a new keg of a beer on a tap with seed 000's three writes (KEG#/META put, TAP#nn config
 * update, TAP#nn#STATE {@code tare_status=pending}) in one TransactWriteItems, so a crash
 * leaves either the whole assignment or none of it, then sends {@code assign_keg} to the tap's
 * scale through {@link ScaleCommands} (issue 17).
 *
 * <p>The transaction also records the assignment as pending on the tap's config item
 * ({@link AssignmentAttrs}) and puts the tap on the re-send check's work list
 * ({@link Keys#pendingAssignment}); ingestion marks it applied when the scale's readings carry
 * the new keg_id, and {@link AssignmentCheck} sends the command again until then. A command the
 * broker did not take is therefore not an error here: the assignment stands, pending.
 *
 * <p>A fifth item checks that the beer still exists; the tap update is conditional on the tap
 * still holding the keg read before, so concurrent swaps of one tap cannot both succeed. The keg
 * weights come from {@code BEER#<id>/KEG#<type>} (measured or seeded), else from the keg type's
 * reference weights. A location's custom beer ({@code loc-001#house-ale}) is poured only there.
 */
public final class KegAssigner {

    /** A new keg id collides with odds 1 in 16.7 M per same-day pair; three tries end any streak. */
    static final int MAX_ID_ATTEMPTS = 3;
    private static final Logger LOG = LoggerFactory.getLogger(KegAssigner.class);

    private final Table table;
    private final Clock clock;
    private final KegIds kegIds;
    private final ScaleCommands commands;

    /** Sends each assignment's command through {@code commands} at once. */
    public KegAssigner(DynamoDbClient client, TableNames names, Clock clock, KegIds kegIds, ScaleCommands commands) {
        this.table = new Table(client, names.scaleSense());
        this.clock = clock;
        this.kegIds = kegIds;
        this.commands = commands;
    }

    /**
     * Records assignments pending without sending: {@link AssignmentCheck} sends them on its next
     * run (an operator's command line without broker access).
     */
    public KegAssigner(DynamoDbClient client, TableNames names, Clock clock, KegIds kegIds) {
        this(client, names, clock, kegIds, null);
    }

    /**
     * @throws InvalidInputException for a malformed loc_id, tap number, beer_id or unknown keg type,
     *                               or another location's custom beer
     * @throws NotFoundException     if the beer or the tap does not exist
     * @throws ConflictException     if the tap's keg changed since it was read
     */
    public KegAssignment assign(String locId, String tapNumber, String beerRef, String kegTypeId) {
        return assign(locId, tapNumber, beerRef, kegTypeId, null, false);
    }

    /**
     * As {@link #assign(String, String, String, String)}, under {@code kegId} when given: the id a
     * scale already uses (a keg assigned on the scale that the cloud was never told about), so its
     * held batches can be let in (docs/cloud.md, "Held batches"); null mints a new id. {@code full}:
     * the keg is new and full from the brewery (the normal case when a bar taps a new keg), so the
     * scale takes its weight when set down as its full weight and claims its level (tare_status
     * full_set). False: its level is an estimate (pending) until someone tares it. Stored with the
     * pending assignment, so every send of the command, the re-send check's included, carries it.
     *
     * @throws InvalidInputException also for a malformed keg_id or a keg of another location
     * @throws ConflictException     also if a keg of that id exists already
     */
    public KegAssignment assign(String locId, String tapNumber, String beerRef, String kegTypeId, String kegId,
                                boolean full) {
        if (kegId != null) {
            Fields.match("keg_id", kegId, Fields.KEG_ID);
        }
        Fields.match("loc_id", locId, Fields.LOC_ID);
        Fields.match("tap_number", tapNumber, Fields.TAP_NUMBER);
        KegReference reference = Fields.kegType(kegTypeId);
        Fields.beerRef(beerRef);
        String owner = Ids.customBeerLocation(beerRef);
        if (owner != null && !owner.equals(locId)) {
            throw new InvalidInputException("beer_id", beerRef, "is a custom beer of " + owner + ", not of " + locId
                    + ": a location pours the global library and its own custom beers");
        }
        if (kegId != null) {
            refuseForeignKeg(locId, kegId);
        }
        Map<String, AttributeValue> beerMeta = read(Keys.beerMeta(beerRef));
        if (beerMeta.isEmpty()) {
            throw new NotFoundException("beer", beerRef);
        }
        Double sg = Attr.dec(beerMeta, "specific_gravity");
        Map<String, AttributeValue> weights = read(Keys.beerKeg(beerRef, kegTypeId));
        boolean measured = weights.containsKey("measured_at");
        Double fullLbs = Attr.dec(weights, "full_lbs");
        Double empty = Attr.dec(weights, "empty_lbs");
        Instant now = clock.instant();
        String tapId = locId + "#TAP#" + tapNumber;
        Map<String, AttributeValue> tap = read(Keys.tapConfig(locId, tapNumber));
        if (tap.isEmpty()) {
            throw new NotFoundException("tap", tapId);
        }
        String replacedKegId = Attr.str(tap, "keg_id");
        String deviceId = Attr.str(tap, DeviceRegistry.TAP_DEVICE);
        for (int attempt = 1; ; attempt++) {
            String id = kegId != null ? kegId : kegIds.next();
            KegAssignment a = new KegAssignment(id, tapId, beerRef, kegTypeId,
                    fullLbs != null ? fullLbs : reference.fullLbs(), empty != null ? empty : reference.emptyLbs(),
                    sg != null ? sg : Beer.DEFAULT_SPECIFIC_GRAVITY, measured, full, now, KegCommands.commandId(id),
                    deviceId, false);
            try {
                table.transact(items(locId, tapNumber, a, replacedKegId));
                return send(a);
            } catch (TransactionCanceledException e) {
                List<CancellationReason> reasons = e.cancellationReasons();
                if (failed(reasons, 0)) {
                    throw new NotFoundException("beer", beerRef);
                }
                if (failed(reasons, 2)) {
                    throw new ConflictException("tap", tapId, "its keg changed while this keg was being assigned"
                            + " (was " + replacedKegId + "); reload the tap and retry");
                }
                if (failed(reasons, 1) && kegId != null) {
                    throw new ConflictException("keg", kegId, "exists already: a given keg_id is assigned once");
                }
                if (!failed(reasons, 1) || attempt == MAX_ID_ATTEMPTS) {
                    throw new ConflictException("keg", a.kegId(), "assignment cancelled: " + e.getMessage());
                }
            }
        }
    }

    /** The assignment with whether its first send reached the broker; never throws for a lost send. */
    private KegAssignment send(KegAssignment a) {
        if (commands == null || a.deviceId() == null) {
            return a;
        }
        try {
            commands.send(a.deviceId(), command(a));
        } catch (CommandNotSentException e) {
            LOG.warn("assign_keg {} to {} not sent now; the re-send check repeats it: {}", a.kegId(), a.deviceId(),
                    e.getMessage());
            return a;
        }
        return a.sent();
    }

    static DeviceCommand command(KegAssignment a) {
        return KegCommands.assignKeg(a.kegId(), a.kegType(), a.beerRef(), a.specificGravity(),
                a.tappedAt().toEpochMilli(), a.full());
    }

    /**
     * A keg id is adopted only by its own location: one of another location's kegs stays there (the
     * location is where API keys end; docs/cloud.md "Held batches" never lets such a keg in either).
     * The transaction's {@code attribute_not_exists} still refuses a keg written meanwhile.
     */
    private void refuseForeignKeg(String locId, String kegId) {
        String owner = Attr.str(read(Keys.kegMeta(kegId)), "loc_id");
        if (owner != null && !owner.equals(locId)) {
            throw new InvalidInputException("keg_id", kegId, "is a keg of another location: a location adopts only"
                    + " the keg ids of its own scales");
        }
    }

    private List<TransactWriteItem> items(String locId, String tapNumber, KegAssignment a, String replacedKegId) {
        Map<String, AttributeValue> keg = new HashMap<>(key(Keys.kegMeta(a.kegId())));
        keg.put("keg_id", s(a.kegId()));
        keg.put("beer_id", s(a.beerRef()));
        keg.put("keg_type", s(a.kegType()));
        keg.put("tapped_at", s(a.tappedAt().toString()));
        keg.put("loc_id", s(locId));
        keg.put("tap_id", s(a.tapId()));
        keg.put("full_lbs", n(a.fullLbs()));
        keg.put("empty_lbs", n(a.emptyLbs()));
        keg.put("sg", n(a.specificGravity()));
        String requestedAt = Rfc3339.format(a.tappedAt().toEpochMilli());
        // Optimistic: the tap must still hold the keg read at the start. Two people swapping the
        // same tap at once must not both "succeed" and leave one keg assigned to no tap.
        Map<String, AttributeValue> tapValues = new HashMap<>(Map.of(":b", s(a.beerRef()), ":k", s(a.kegId()),
                ":t", s(a.kegType()), ":fl", n(a.fullLbs()), ":el", n(a.emptyLbs()),
                ":pending", s(AssignmentAttrs.PENDING), ":cloud", s(AssignmentAttrs.CLOUD), ":at", s(requestedAt),
                ":atms", n(a.tappedAt().toEpochMilli()), ":cid", s(a.commandId())));
        tapValues.put(":sg", n(a.specificGravity()));
        String unchanged = "attribute_exists(PK) AND attribute_not_exists(keg_id)";
        if (replacedKegId != null) {
            tapValues.put(":old", s(replacedKegId));
            unchanged = "attribute_exists(PK) AND keg_id = :old";
        }
        String tapCondition = unchanged;
        // A new keg is full only when this assignment says so: the flag of the keg it replaces goes.
        List<String> removed = new ArrayList<>(List.of(AssignmentAttrs.AT_MS, AssignmentAttrs.APPLIED_AT,
                AssignmentAttrs.SENDS, AssignmentAttrs.LAST_SENT_AT, AssignmentAttrs.UNASSIGNED_AT));
        String fullSet = "";
        if (a.full()) {
            tapValues.put(":full", Attr.bool(true));
            fullSet = ", " + AssignmentAttrs.FULL + " = :full";
        } else {
            removed.add(AssignmentAttrs.FULL);
        }
        String tapUpdate = "SET beer_id = :b, keg_id = :k, keg_type = :t, full_lbs = :fl, empty_lbs = :el, "
                + AssignmentAttrs.KEG_ID + " = :k, " + AssignmentAttrs.STATUS + " = :pending, "
                + AssignmentAttrs.SOURCE + " = :cloud, " + AssignmentAttrs.REQUESTED_AT + " = :at, "
                + AssignmentAttrs.REQUESTED_AT_MS + " = :atms, " + AssignmentAttrs.COMMAND_ID + " = :cid, "
                + AssignmentAttrs.SG + " = :sg" + fullSet + " REMOVE " + String.join(", ", removed);
        Map<String, AttributeValue> pending = new HashMap<>(key(Keys.pendingAssignment(a.tapId())));
        pending.put("keg_id", s(a.kegId()));
        pending.put(AssignmentAttrs.REQUESTED_AT, s(requestedAt));
        return List.of(
                TransactWriteItem.builder().conditionCheck(c -> c.tableName(table.name())
                        .key(key(Keys.beerMeta(a.beerRef()))).conditionExpression("attribute_exists(PK)")).build(),
                TransactWriteItem.builder().put(p -> p.tableName(table.name()).item(keg)
                        .conditionExpression("attribute_not_exists(PK)")).build(),
                TransactWriteItem.builder().update(u -> u.tableName(table.name()).key(key(Keys.tapConfig(locId, tapNumber)))
                        .conditionExpression(tapCondition).updateExpression(tapUpdate)
                        .expressionAttributeValues(tapValues)).build(),
                TransactWriteItem.builder().update(u -> u.tableName(table.name()).key(key(Keys.tapState(locId, tapNumber)))
                        .updateExpression("SET tare_status = :s")
                        .expressionAttributeValues(Map.of(":s",
                                s(TareStatus.PENDING.name().toLowerCase(Locale.ROOT))))).build(),
                TransactWriteItem.builder().put(p -> p.tableName(table.name()).item(pending)).build());
    }

    private Map<String, AttributeValue> read(com.scalesense.sink.tables.ItemKey k) {
        return table.get(k, true);
    }

    /** Item {@code i} of the transaction failed its condition (index order of {@link #items}). */
    private static boolean failed(List<CancellationReason> reasons, int i) {
        return reasons != null && reasons.size() > i && "ConditionalCheckFailed".equals(reasons.get(i).code());
    }
}
