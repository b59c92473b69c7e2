package com.scalesense.sink.store.dynamo;

import com.scalesense.protocol.ReadingsBatch;
import com.scalesense.sink.store.AlertCommit;
import com.scalesense.sink.store.AssignmentChange;
import com.scalesense.sink.store.BatchCommit;
import com.scalesense.sink.store.ConnectionChange;
import com.scalesense.sink.store.ContextQuery;
import com.scalesense.sink.store.DeviceRegistration;
import com.scalesense.sink.store.DeviceSeen;
import com.scalesense.sink.store.DeviceTouch;
import com.scalesense.sink.store.IngestContext;
import com.scalesense.sink.store.RegistrationUpsert;
import com.scalesense.sink.store.SinkStore;
import com.scalesense.sink.store.StoreUnavailableException;
import com.scalesense.sink.store.StoredMarker;
import com.scalesense.sink.store.SummaryAdd;
import com.scalesense.sink.store.TapStateUpdate;
import com.scalesense.sink.store.TareUpdate;
import com.scalesense.sink.store.TelemetryUpdate;
import com.scalesense.sink.tables.Attr;
import com.scalesense.sink.tables.TableNames;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The DynamoDB adapter of {@link SinkStore}: the only place ingestion meets the SDK. Thread-safe
 * if the client is (the SDK's clients are).
 */
public final class DynamoSinkStore implements SinkStore {

    /** Seed 001 suggests 90 days for device_readings. */
    public static final long DEFAULT_READINGS_RETENTION_SECS = 90L * 24 * 3600;

    private final DynamoDbClient client;
    private final TableNames names;
    private final ReadingsWriter readings;
    private final StateWriter state;
    private final DeviceWriter devices;
    private final CommitWriter commits;
    private final ContextReader context;
    private final AssignmentWriter assignments;
    private final ConnectionWriter connections;

    public DynamoSinkStore(DynamoDbClient client, TableNames names, long readingsRetentionSecs, WriteMeter meter) {
        this.client = client;
        this.names = names;
        Updater updater = new Updater(client, meter);
        this.readings = new ReadingsWriter(client, names, new ReadingItems(readingsRetentionSecs), meter, Thread::sleep);
        this.state = new StateWriter(updater, names);
        this.devices = new DeviceWriter(client, updater, names);
        this.commits = new CommitWriter(client, names, meter, updater);
        this.context = new ContextReader(client, names);
        this.assignments = new AssignmentWriter(updater, names);
        this.connections = new ConnectionWriter(client, updater, names);
    }

    public DynamoSinkStore(DynamoDbClient client, TableNames names) {
        this(client, names, DEFAULT_READINGS_RETENTION_SECS, new WriteMeter());
    }

    @Override
    public Optional<StoredMarker> marker(String batchId) {
        try {
            var item = client.getItem(r -> r.tableName(names.processedBatches())
                    .key(Map.of("batch_id", Attr.s(batchId)))).item();
            if (item == null || item.isEmpty()) {
                return Optional.empty();
            }
            return Optional.of(new StoredMarker(batchId, Attr.str(item, "payload_hash"), Attr.str(item, "received_at")));
        } catch (SdkException e) {
            throw StoreFailures.of("GetItem processed_batches", e);
        }
    }

    @Override
    public Optional<String> registeredDevice(String hardwareId) {
        return devices.registeredDevice(hardwareId);
    }

    @Override
    public void changeAssignment(AssignmentChange change) {
        assignments.change(change);
    }

    @Override
    public IngestContext context(ContextQuery query) {
        return context.read(query);
    }

    @Override
    public void requireStorable(ReadingsBatch batch) {
        readings.requireStorable(batch);
    }

    @Override
    public Optional<DeviceRegistration> registration(String deviceId) {
        return context.registration(deviceId);
    }

    @Override
    public void putReadings(ReadingsBatch batch) {
        readings.put(batch);
    }

    @Override
    public void advanceTapState(TapStateUpdate update) {
        state.tapState(update);
    }

    @Override
    public void advanceTelemetry(TelemetryUpdate update) {
        state.telemetry(update);
    }

    @Override
    public void recordTare(TareUpdate update) {
        state.tare(update);
    }

    @Override
    public void touchDevice(DeviceTouch touch) {
        devices.touch(touch);
    }

    @Override
    public void register(RegistrationUpsert registration) {
        devices.register(registration);
    }

    @Override
    public void commit(BatchCommit commit) {
        commits.commit(commit);
    }

    @Override
    public void countPours(String batchId, List<SummaryAdd> summaries) {
        commits.countPours(batchId, summaries);
    }

    @Override
    public void commitAlerts(AlertCommit commit) {
        commits.commitAlerts(commit);
    }

    @Override
    public List<DeviceSeen> devicesSeenBefore(String cutoff, int limit) {
        return devices.seenBefore(cutoff, limit);
    }

    @Override
    public boolean recordConnection(ConnectionChange change) {
        return connections.record(change);
    }

    @Override
    public List<DeviceSeen> devicesDisconnectedBefore(long cutoffMs, int limit) {
        return connections.disconnectedBefore(cutoffMs, limit);
    }
}
