package com.scalesense.sink.testing;

import com.scalesense.protocol.MessageValidator;
import com.scalesense.sink.command.ScaleCommands;
import com.scalesense.sink.ingest.IngestionService;
import com.scalesense.sink.store.SinkStore;
import com.scalesense.sink.store.dynamo.DynamoSinkStore;
import com.scalesense.sink.store.dynamo.WriteMeter;
import com.scalesense.sink.tables.TableNames;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Fresh tables, the real adapter and the service with a fixed clock and counting "random" ids. */
public final class SinkHarness {

    public final LocalDynamo dynamo;
    public final TableNames names;
    public final DynamoSinkStore store;
    public final WriteMeter meter = new WriteMeter();
    public final MutableClock clock;
    private final AtomicInteger ids = new AtomicInteger();

    public SinkHarness(LocalDynamo dynamo, Instant now) {
        this.dynamo = dynamo;
        this.names = dynamo.freshTables();
        this.store = new DynamoSinkStore(dynamo.client(), names, DynamoSinkStore.DEFAULT_READINGS_RETENTION_SECS, meter);
        this.clock = new MutableClock(now);
        // The sink writes only for registered scales and kegs of their location (issue 13): the
        // standard scale of Batches is registered on its tap, with its keg, as an operator would.
        registerDevice(Batches.DEVICE_ID, Batches.HARDWARE_ID, Batches.LOC_ID, Batches.TAP_ID);
        keg(Batches.KEG_ID, Batches.LOC_ID, Batches.TAP_ID);
    }

    /** Writes DEVICE#/META as {@code DeviceRegistry.register} does (device_id, hardware_id, loc_id, tap_id). */
    public void registerDevice(String deviceId, String hardwareId, String locId, String tapId) {
        put(Map.of("PK", AttributeValue.fromS("DEVICE#" + deviceId), "SK", AttributeValue.fromS("META"),
                "device_id", AttributeValue.fromS(deviceId), "hardware_id", AttributeValue.fromS(hardwareId),
                "loc_id", AttributeValue.fromS(locId), "tap_id", AttributeValue.fromS(tapId)));
    }

    /** Writes KEG#/META as {@code KegAssigner} does (the attributes authorisation reads). */
    public void keg(String kegId, String locId, String tapId) {
        var existing = item("KEG#" + kegId, "META");
        var item = new java.util.HashMap<>(existing == null ? Map.<String, AttributeValue>of() : existing);
        item.putAll(Map.of("PK", AttributeValue.fromS("KEG#" + kegId), "SK", AttributeValue.fromS("META"),
                "keg_id", AttributeValue.fromS(kegId), "loc_id", AttributeValue.fromS(locId),
                "tap_id", AttributeValue.fromS(tapId)));
        put(item);
    }

    private void put(Map<String, AttributeValue> item) {
        dynamo.client().putItem(b -> b.tableName(names.scaleSense()).item(item));
    }

    public IngestionService service() {
        return service(s -> s);
    }

    /** A service whose store is wrapped, e.g. by a crash injector. */
    public IngestionService service(UnaryOperator<SinkStore> wrap) {
        return service(wrap, null);
    }

    /** A service that sends commands to scales (set_low_keg on registration and connect) through {@code commands}. */
    public IngestionService service(UnaryOperator<SinkStore> wrap, ScaleCommands commands) {
        return new IngestionService(wrap.apply(store), new MessageValidator(), clock,
                () -> String.format("00000000-0000-4000-8000-%012d", ids.incrementAndGet()), commands);
    }

    public Map<String, Map<String, AttributeValue>> dump() {
        return TableDump.dump(dynamo.client(), names);
    }

    /** Differences between this harness's tables and {@code expected}; empty when item-by-item equal. */
    public java.util.List<String> differencesFrom(Map<String, Map<String, AttributeValue>> expected) {
        return TableDump.differences(expected, dump());
    }

    public Map<String, AttributeValue> item(String pk, String sk) {
        return TableDump.single(dynamo.client(), names, pk, sk);
    }

    /** Writes a LOCATION#/SETTINGS item as the admin module would. */
    public void settings(String locId, Map<String, AttributeValue> attributes) {
        var item = new java.util.HashMap<>(attributes);
        item.put("PK", AttributeValue.fromS("LOCATION#" + locId));
        item.put("SK", AttributeValue.fromS("SETTINGS"));
        dynamo.client().putItem(b -> b.tableName(names.scaleSense()).item(item));
    }

    /** A clock tests move by hand. */
    public static final class MutableClock extends Clock {
        private volatile Instant now;

        MutableClock(Instant now) {
            this.now = now;
        }

        public void set(Instant instant) {
            now = instant;
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            throw new UnsupportedOperationException("tests use UTC");
        }
    }
}
