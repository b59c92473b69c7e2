package com.scalesense.sink.store.dynamo;

import com.scalesense.protocol.Rfc3339;
import com.scalesense.sink.store.AlertCommit;
import com.scalesense.sink.store.BatchCommit;
import com.scalesense.sink.store.BatchMarker;
import com.scalesense.sink.store.ConcurrentChangeException;
import com.scalesense.sink.store.DuplicateBatchException;
import com.scalesense.sink.store.StoreUnavailableException;
import com.scalesense.sink.store.StoredMarker;
import com.scalesense.sink.store.SummaryAdd;
import com.scalesense.sink.tables.Attr;
import com.scalesense.sink.tables.Keys;
import com.scalesense.sink.tables.TableNames;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * The one commit per batch: the processed_batches marker (attribute_not_exists) in one transaction
 * with the alert changes and, for a batch with unsynced pours, the daily summary ADDs, so they move
 * exactly when the marker appears (seed 001 idempotency pattern + seed 003 atomic summaries); a
 * marker with nothing else to commit is a single conditional PutItem. Synced pours are counted just
 * before, once per batch by their own guard ({@link #countPours}). Reading items are NOT in it, which keeps it far below the
 * 100-item limit for a 100-reading batch.
 */
final class CommitWriter {

    /** DynamoDB TransactWriteItems limit. */
    static final int MAX_TRANSACTION_ITEMS = 100;
    /** Seed 001: processed_batches TTL is 30 days after receipt. */
    static final long MARKER_TTL_SECS = 30L * 24 * 3600;
    private static final String MARKER_IS_NEW = "attribute_not_exists(batch_id)";

    private final DynamoDbClient client;
    private final TableNames names;
    private final Metered metered;
    private final WriteMeter meter;
    private final Updater updater;

    CommitWriter(DynamoDbClient client, TableNames names, WriteMeter meter, Updater updater) {
        this.client = client;
        this.names = names;
        this.meter = meter;
        this.metered = new Metered(meter);
        this.updater = updater;
    }

    /**
     * Each summary once per batch: ADD the counters and the batch's key to {@code counted_batches}
     * only if the set does not hold it yet. A failed condition is the batch counted before (a
     * redelivery after a crash, or a concurrent one), which is the result wanted.
     */
    void countPours(String batchId, List<SummaryAdd> summaries) {
        var key = Attr.s(countedKey(batchId));
        for (SummaryAdd s : summaries) {
            var b = summaryUpdate(s).add("counted_batches", AttributeValue.fromSs(List.of(key.s())))
                    .onlyIfNotContains("counted_batches", key);
            updater.update(names.scaleSense(), Attr.key(Keys.dailySummary(s.locId(), Keys.tapNumber(s.tapId()),
                    s.businessDay())), b, 0);
        }
    }

    /**
     * 16 hex digits of SHA-256 of the batch_id: the daily item keeps one per counted batch (a busy
     * tap's day has about ten bulk batches), so it stays far below the 1 KB of one write unit.
     */
    static String countedKey(String batchId) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(batchId.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    void commit(BatchCommit c) {
        List<TransactWriteItem> others = new ArrayList<>();
        c.summaries().forEach(s -> others.add(summary(s)));
        if (c.alerts() != null) {
            others.addAll(new AlertItems(names.scaleSense(), metered).of(c.alerts()));
        }
        Map<String, AttributeValue> marker = markerItem(c.marker());
        if (others.isEmpty()) {
            // Most batches (no pour, no alert change) have nothing but the marker to commit: a single
            // conditional PutItem is as atomic as a one-item transaction at half the write units.
            putMarkerAlone(marker);
            return;
        }
        List<TransactWriteItem> items = new ArrayList<>();
        items.add(metered.put(names.processedBatches(), marker, MARKER_IS_NEW, Map.of()));
        items.addAll(others);
        // No ClientRequestToken: a redelivery within its 10 minutes with another received_at would get
        // IdempotentParameterMismatch forever. An SDK retry after a lost response instead fails on its
        // own marker, which reads back as a duplicate with the same payload hash: the right answer.
        run(c.marker().batchId(), items);
    }

    void commitAlerts(AlertCommit c) {
        List<TransactWriteItem> items = new AlertItems(names.scaleSense(), metered).of(c);
        if (!items.isEmpty()) {
            run("offline check of " + c.deviceId(), items);
        }
    }

    private void putMarkerAlone(Map<String, AttributeValue> marker) {
        meter.item(ItemSize.bytes(marker), false);
        try {
            var response = client.putItem(p -> p.tableName(names.processedBatches()).item(marker)
                    .conditionExpression(MARKER_IS_NEW)
                    .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
            if (response.consumedCapacity() != null) {
                meter.reported(response.consumedCapacity().capacityUnits());
            }
        } catch (ConditionalCheckFailedException e) {
            Map<String, AttributeValue> old = e.hasItem() ? e.item() : Map.of();
            throw new DuplicateBatchException(new StoredMarker(Attr.str(marker, "batch_id"),
                    Attr.str(old, "payload_hash"), Attr.str(old, "received_at")));
        } catch (SdkException e) {
            throw StoreFailures.of("PutItem processed_batches", e);
        }
    }

    private static Map<String, AttributeValue> markerItem(BatchMarker m) {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put("batch_id", Attr.s(m.batchId()));
        item.put("hardware_id", Attr.s(m.hardwareId()));
        item.put("received_at", Attr.s(Rfc3339.format(m.receivedAt())));
        item.put("expiration_time", Attr.n(m.receivedAt().getEpochSecond() + MARKER_TTL_SECS));
        item.put("payload_hash", Attr.s(m.payloadHash()));
        item.put("reading_count", Attr.n(m.readingCount()));
        return item;
    }

    private TransactWriteItem summary(SummaryAdd s) {
        var key = Attr.key(Keys.dailySummary(s.locId(), Keys.tapNumber(s.tapId()), s.businessDay()));
        return metered.update(names.scaleSense(), key, summaryUpdate(s));
    }

    private static UpdateBuilder summaryUpdate(SummaryAdd s) {
        return new UpdateBuilder().add("pours", Attr.n(s.pours())).add("unsynced_pours", Attr.n(s.unsyncedPours()))
                .add("gallons", Attr.n(s.gallons())).add("volume_oz", Attr.n(s.volumeOz()))
                .set("tap_id", Attr.s(s.tapId())).set("business_day", Attr.s(s.businessDay().toString()));
    }

    private void run(String what, List<TransactWriteItem> items) {
        if (items.size() > MAX_TRANSACTION_ITEMS) {
            throw new IllegalStateException(what + ": " + items.size() + " transaction items exceed "
                    + MAX_TRANSACTION_ITEMS + ".");
        }
        try {
            var response = client.transactWriteItems(r -> r.transactItems(items)
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
            if (response.consumedCapacity() != null) {
                response.consumedCapacity().forEach(cc -> meter.reported(cc.capacityUnits()));
            }
        } catch (TransactionCanceledException e) {
            throw cancelled(what, e);
        } catch (SdkException e) {
            throw StoreFailures.of("TransactWriteItems " + what, e);
        }
    }

    private static RuntimeException cancelled(String what, TransactionCanceledException e) {
        List<CancellationReason> reasons = e.hasCancellationReasons() ? e.cancellationReasons() : List.of();
        if (!reasons.isEmpty() && "ConditionalCheckFailed".equals(reasons.get(0).code()) && reasons.get(0).hasItem()) {
            Map<String, AttributeValue> old = reasons.get(0).item();
            if (old.containsKey("batch_id")) {
                return new DuplicateBatchException(new StoredMarker(Attr.str(old, "batch_id"),
                        Attr.str(old, "payload_hash"), Attr.str(old, "received_at")));
            }
        }
        for (CancellationReason r : reasons) {
            if ("ValidationError".equals(r.code())) {
                return StoreFailures.refused("TransactWriteItems " + what, r.message());
            }
            if ("ConditionalCheckFailed".equals(r.code()) || "TransactionConflict".equals(r.code())) {
                return new ConcurrentChangeException(what, r.code());
            }
        }
        return new StoreUnavailableException("TransactWriteItems " + what, e);
    }
}
