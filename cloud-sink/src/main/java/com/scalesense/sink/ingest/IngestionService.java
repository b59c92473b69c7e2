package com.scalesense.sink.ingest;

import com.scalesense.protocol.BootRegistration;
import com.scalesense.protocol.InvalidMessageException;
import com.scalesense.protocol.MessageValidator;
import com.scalesense.protocol.ReadingsBatch;
import com.scalesense.protocol.Violation;
import com.scalesense.sink.BatchIdReusedException;
import com.scalesense.sink.RejectedMessageException;
import com.scalesense.sink.alerts.AlertEvaluator;
import com.scalesense.sink.command.ScaleCommands;
import com.scalesense.sink.store.AlertCommit;
import com.scalesense.sink.store.BatchCommit;
import com.scalesense.sink.store.BatchMarker;
import com.scalesense.sink.store.ConcurrentChangeException;
import com.scalesense.sink.store.ConnectionChange;
import com.scalesense.sink.store.ContextQuery;
import com.scalesense.sink.store.DeviceRegistration;
import com.scalesense.sink.store.DuplicateBatchException;
import com.scalesense.sink.store.IngestContext;
import com.scalesense.sink.store.RegistrationUpsert;
import com.scalesense.sink.store.SinkStore;
import com.scalesense.sink.store.StoreUnavailableException;
import com.scalesense.sink.store.StoredMarker;
import com.scalesense.sink.store.SummaryAdd;
import com.scalesense.sink.tables.Keys;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Ingests decoded batches and registrations effectively once under at-least-once delivery.
 *
 * <p>Order of writes, each one step through {@link SinkStore}: (A) reading items, deterministic
 * puts; (B) newer-only updates of the latest-state items (tap state, telemetry, tare, devices row);
 * (C1) the daily pour summaries of synced pours, each guarded by the batch's key so it counts once;
 * (C) one transaction of the batch marker with the alert transitions (and the summaries of a batch
 * with unsynced pours, whose day depends on receipt). A crash after A, B or C1 leaves only
 * idempotent writes, which the redelivery repeats to the same result; C is atomic; after C, the marker turns a redelivery into
 * {@link IngestResult#DUPLICATE}. So any number of deliveries, in any order or concurrently, leave
 * the tables as one delivery does. Bad input is rejected before the first write.
 */
public final class IngestionService {

    /** Re-evaluations of alert state when another writer changed it between read and commit. */
    // Each retry needs another writer to have changed the same tap's alert items in between; with one
    // scale per tap that is a redelivery racing itself, which settles on the second try.
    static final int MAX_COMMIT_ATTEMPTS = 4;

    private final SinkStore store;
    private final MessageValidator validator;
    private final Clock clock;
    private final Supplier<String> confirmationIds;
    private final AlertEvaluator alerts = new AlertEvaluator();
    private final LatestState latest;
    private final LowKegSender lowKeg;

    /**
     * @param confirmationIds source of UUID v4 strings for seed 001's confirmation_id (injected randomness)
     */
    public IngestionService(SinkStore store, MessageValidator validator, Clock clock, Supplier<String> confirmationIds) {
        this(store, validator, clock, confirmationIds, null);
    }

    /**
     * @param commands where a scale that registers or connects is sent its location's low-keg rule
     *                 ({@code set_low_keg}, issue 18), or null to send none
     */
    public IngestionService(SinkStore store, MessageValidator validator, Clock clock, Supplier<String> confirmationIds,
                            ScaleCommands commands) {
        this.lowKeg = new LowKegSender(commands);
        this.store = store;
        this.validator = validator;
        this.clock = clock;
        this.confirmationIds = confirmationIds;
        this.latest = new LatestState(store);
    }

    /**
     * @param topicDeviceId the device_id of the MQTT topic the batch came on (AWS IoT binds it to the thing)
     * @throws RejectedMessageException  if the batch breaks a rule or names another device; nothing written
     * @throws BatchIdReusedException    if the batch_id was committed with other content; nothing written
     * @throws StoreUnavailableException if DynamoDB failed; retry the delivery
     */
    public IngestResult ingest(ReadingsBatch batch, String topicDeviceId) {
        requireValid(batch, topicDeviceId);
        String hash = PayloadHash.of(batch);
        Optional<StoredMarker> seen = store.marker(batch.batchId());
        if (seen.isPresent()) {
            return duplicate(seen.get(), hash);
        }
        Instant now = clock.instant();
        IngestContext ctx = authorisedContext(batch);
        // Last check before the first write: a number DynamoDB refuses at reading 26 would leave 25 items.
        store.requireStorable(batch);
        store.putReadings(batch);
        latest.advance(batch, ctx, now);
        // A synced pour's business day is the batch's own: its own guard counts it once (C1), for a
        // write unit a day item. An unsynced one is dated by receipt, which a redelivery may change:
        // such a batch counts in the marker's transaction, as every batch did before issue 18.
        List<SummaryAdd> pours = Pours.summaries(batch, ctx.settings(), now.toEpochMilli());
        boolean atomic = pours.stream().anyMatch(s -> s.unsyncedPours() > 0);
        if (!atomic && !pours.isEmpty()) {
            store.countPours(batch.batchId(), pours);
        }
        for (int attempt = 1; ; attempt++) {
            try {
                store.commit(commitOf(batch, ctx, hash, now, atomic ? pours : List.of()));
                return IngestResult.ACCEPTED;
            } catch (DuplicateBatchException e) {
                return duplicate(e.existing(), hash);
            } catch (ConcurrentChangeException e) {
                if (attempt >= MAX_COMMIT_ATTEMPTS) {
                    throw new StoreUnavailableException("commit of " + batch.batchId(), e);
                }
                ctx = store.context(LatestState.contextQuery(batch));
            }
        }
    }

    /**
     * Applies a state message ({@code scalesense/v1/{device_id}/state}): the newest synced reading
     * goes to {@code TAP#nn#STATE}, newer-only, and nothing else is written. No marker, no reading
     * items, no counters: the same records arrive again in their batch, which writes them exactly
     * once. So a state message may come any number of times, in any order, before or after its
     * batch: the tap state ends as the newest reading seen (issue 18, a pour's end at once).
     *
     * @throws RejectedMessageException  if the message breaks a batch rule or names another device,
     *                                   location, tap or keg than the registration allows; nothing written
     * @throws StoreUnavailableException if DynamoDB failed; retry the delivery
     */
    public void state(ReadingsBatch state, String topicDeviceId) {
        requireValid(state, topicDeviceId);
        latest.advanceTapState(state, authorisedContext(state));
    }

    /**
     * The context of a batch or state message, read once its kegs are readable and checked against
     * the registration it holds (hardware, location, tap, kegs): the same checks for both.
     *
     * @throws RejectedMessageException if the message names what its registration does not allow
     */
    private IngestContext authorisedContext(ReadingsBatch b) {
        Authorisation.requireReadableKegs(b);
        IngestContext ctx = store.context(LatestState.contextQuery(b));
        requireOwnHardware(b, ctx);
        Authorisation.requireAllowed(b, ctx);
        return ctx;
    }

    /**
     * Records a scale connecting or disconnecting (broker lifecycle events, issue 18) on its
     * {@code DEVICE#/META}; a connect also resolves a firing offline alert and sends the scale its
     * location's low-keg rule (its persistent session then holds it until the scale reads it). The offline check then
     * raises the alert from the disconnect instant, not from the last batch, so batches may be far
     * apart. Repeated and reordered events converge ({@link ConnectionChange#order()}); an event of
     * a client id no administrator registered writes nothing.
     *
     * @return false when nothing was written (older, repeated, or not a registered device)
     * @throws StoreUnavailableException if DynamoDB failed; retry the delivery
     */
    public boolean connection(ConnectionChange change) {
        Optional<DeviceRegistration> device = store.registration(change.deviceId());
        if (device.isEmpty() || !store.recordConnection(change)) {
            return false;
        }
        if (change.connected() && device.get().locId() != null) {
            var ctx = store.context(ContextQuery.device(device.get().locId(), change.deviceId()));
            lowKeg.send(change.deviceId(), ctx);
            var changes = alerts.online(ctx.alerts(), Keys.deviceEntity(change.deviceId()), change.atMs());
            if (!changes.isEmpty()) {
                try {
                    store.commitAlerts(new AlertCommit(device.get().locId(), null, change.deviceId(),
                            ctx.settings().gracePeriodSecs(), changes));
                } catch (ConcurrentChangeException e) {
                    // A batch of the device changed its alerts meanwhile: it resolved the alert itself.
                }
            }
        }
        return true;
    }

    /**
     * Upserts seed 001's devices row from a boot registration, then sends the scale its location's
     * low-keg rule (a scale's first boot: its commands subscription exists once it registers).
     *
     * @throws RejectedMessageException if it breaks a rule or names another device; nothing written
     */
    public void register(BootRegistration registration, String topicDeviceId) {
        try {
            validator.requireValid(registration);
        } catch (InvalidMessageException e) {
            throw new RejectedMessageException("registration", e.violations());
        }
        requireOwnTopic("registration", registration.deviceId(), topicDeviceId);
        store.registeredDevice(registration.hardwareId()).filter(d -> !d.equals(registration.deviceId()))
                .ifPresent(other -> {
                    throw new RejectedMessageException("registration", Authorisation.HARDWARE, List.of(new Violation("hardware_id",
                            registration.hardwareId(), "is registered to device_id " + other + ", not "
                                    + registration.deviceId() + ": a device cannot write for another")));
                });
        Authorisation.requireAllowed(registration, store.registration(registration.deviceId()).orElse(null));
        store.register(new RegistrationUpsert(registration, confirmationIds.get(), clock.instant()));
        if (lowKeg.enabled()) {
            lowKeg.send(registration.deviceId(),
                    store.context(ContextQuery.device(registration.locId(), registration.deviceId())));
        }
    }

    private void requireValid(ReadingsBatch batch, String topicDeviceId) {
        try {
            validator.requireValid(batch);
        } catch (InvalidMessageException e) {
            throw new RejectedMessageException("batch", e.violations());
        }
        requireOwnTopic("batch " + batch.batchId(), batch.deviceId(), topicDeviceId);
    }

    private static void requireOwnTopic(String what, String deviceId, String topicDeviceId) {
        if (!deviceId.equals(topicDeviceId)) {
            throw new RejectedMessageException(what, "topic.device_id", List.of(new Violation("device_id", deviceId,
                    "must equal the device_id of the topic it was published on (" + topicDeviceId
                            + "): a device cannot write for another")));
        }
    }

    /** The topic proves the device_id; the devices row binds the hardware_id to one device_id. */
    private static void requireOwnHardware(ReadingsBatch batch, IngestContext ctx) {
        if (ctx.registeredTo() != null && !ctx.registeredTo().equals(batch.deviceId())) {
            throw new RejectedMessageException("batch " + batch.batchId(), Authorisation.HARDWARE, List.of(new Violation("hardware_id",
                    batch.hardwareId(), "is registered to device_id " + ctx.registeredTo() + ", not "
                            + batch.deviceId() + ": a device cannot write for another")));
        }
    }

    private static IngestResult duplicate(StoredMarker stored, String hash) {
        if (stored.payloadHash() != null && !stored.payloadHash().equals(hash)) {
            throw new BatchIdReusedException(stored.batchId(), stored.payloadHash(), hash);
        }
        return IngestResult.DUPLICATE;
    }

    private BatchCommit commitOf(ReadingsBatch b, IngestContext ctx, String hash, Instant now, List<SummaryAdd> pours) {
        var marker = new BatchMarker(b.batchId(), b.hardwareId(), hash, b.readings().size(), now);
        var changes = alerts.evaluate(ctx.settings(), ctx.alerts(), Keys.tapEntity(Keys.tapNumber(b.tapId())),
                Keys.deviceEntity(b.deviceId()), b.kegId(), b.readings(), b.events(), now.toEpochMilli());
        var alertCommit = changes.isEmpty() ? null : new AlertCommit(b.locId(), b.tapId(), b.deviceId(),
                ctx.settings().gracePeriodSecs(), changes);
        return new BatchCommit(marker, pours, alertCommit);
    }
}
