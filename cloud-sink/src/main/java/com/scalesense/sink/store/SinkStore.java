package com.scalesense.sink.store;

import com.scalesense.protocol.ReadingsBatch;
import java.util.List;
import java.util.Optional;

/**
 * The table gateway: everything ingestion reads from and writes to DynamoDB, in domain terms.
 * Ingestion logic sees only this port; {@code store.dynamo.DynamoSinkStore} is the adapter.
 *
 * <p>Each write is one idempotent step, so a crash between any two of them followed by a
 * redelivery converges: {@link #putReadings} and the {@code advance*} updates are deterministic
 * or newer-only; {@link #commit} is the single non-idempotent step and is guarded by the
 * batch marker inside one transaction.
 */
public interface SinkStore {

    /** The marker of an already committed batch, if any (an eventually consistent read is fine: {@link #commit} re-checks). */
    Optional<StoredMarker> marker(String batchId);

    /** The settings, alert state and keg facts a batch of this tap and device needs. */
    IngestContext context(ContextQuery query);

    /**
     * Rejects a batch DynamoDB could never store (numbers out of its range or precision, items
     * over 400 KB); called before the first write, so nothing of it is left behind.
     *
     * @throws UnstorableMessageException naming the attribute, value and limit
     */
    void requireStorable(ReadingsBatch batch);

    /** The administrator's registration of {@code deviceId} ({@code DEVICE#<id>/META}), if any. */
    Optional<DeviceRegistration> registration(String deviceId);

    /** Step A: every reading item of the batch (device_readings and the readings store); idempotent puts. */
    void putReadings(ReadingsBatch batch);

    /** Step B: TAP#nn#STATE, unless a newer reading is already there. */
    void advanceTapState(TapStateUpdate update);

    /** Step B: DEVICE#/TELEMETRY battery and sensor fields, unless newer ones are there. */
    void advanceTelemetry(TelemetryUpdate update);

    /** Step B: KEG#/TARE, the DEVICE#/TELEMETRY tare copy and BEER#/KEG# full_lbs, each newer-only. */
    void recordTare(TareUpdate update);

    /**
     * Step B: the tap config item's keg assignment (applied, the scale's keg adopted, or the tap
     * unassigned), conditional on the state it was decided from and newer-only on reading time; when
     * the condition fails, the tap changed meanwhile (a newer assignment or newer evidence) and the
     * change is dropped, as a stale newer-only update is.
     */
    void changeAssignment(AssignmentChange change);

    /** Step B: seed 001 devices row from a batch, newer-only on the newest reading. */
    void touchDevice(DeviceTouch touch);

    /** The device_id seed 001's devices row binds {@code hardwareId} to, if the row exists. */
    Optional<String> registeredDevice(String hardwareId);

    /**
     * Seed 001 devices row from a boot registration, newer-only on the boot instant, and only while
     * the row names no other device_id.
     */
    void register(RegistrationUpsert registration);

    /**
     * Step C1 of a batch whose pours are all time-synced: adds each summary to its daily item unless
     * this batch is counted there already ({@code counted_batches} holds a key of its batch_id), one
     * conditional UpdateItem per business day, no transaction (issue 18: 1 write unit where the
     * marker's transaction took 2). Repeating it after a crash, or concurrently, counts the batch
     * once; the marker ({@link #commit}) follows it. A synced pour's day depends on the batch alone,
     * so every delivery names the same items.
     */
    void countPours(String batchId, List<SummaryAdd> summaries);

    /**
     * Step C: one transaction of the marker (attribute_not_exists), the daily summary additions
     * and the alert changes (each conditional on the state they were computed from).
     *
     * @throws DuplicateBatchException if the marker already exists (carrying the stored one)
     * @throws ConcurrentChangeException if an alert item changed since it was read
     * @throws StoreUnavailableException if DynamoDB could not be reached or throttled
     */
    void commit(BatchCommit commit);

    /** Alert changes of the offline check: one transaction per device. */
    void commitAlerts(AlertCommit commit);

    /** Devices whose last_seen_at (RFC 3339) is before {@code cutoff}, via the devices gsi1 query, at most {@code limit}. */
    List<DeviceSeen> devicesSeenBefore(String cutoff, int limit);

    /**
     * Records a connect or disconnect on the device's {@code DEVICE#/META}, only if it is later in
     * the device's sequence than the one stored ({@link ConnectionChange#order()}) and only for a
     * registered device (the administrator's META exists). While disconnected the item sits in the
     * sparse {@code disconnected-index}.
     *
     * @return false when nothing was written (an older or repeated event, or no registration)
     */
    boolean recordConnection(ConnectionChange change);

    /**
     * Registered devices disconnected since before {@code cutoffMs} (epoch ms), oldest first, via the
     * sparse {@code disconnected-index} (no scan), at most {@code limit}; {@code lastSeenAt} is the
     * disconnect instant (RFC 3339).
     */
    List<DeviceSeen> devicesDisconnectedBefore(long cutoffMs, int limit);
}
