package com.scalesense.sink.store.dynamo;

import com.scalesense.protocol.Reading;
import com.scalesense.protocol.ReadingsBatch;
import com.scalesense.protocol.Violation;
import com.scalesense.sink.store.StoreUnavailableException;
import com.scalesense.sink.store.UnstorableMessageException;
import com.scalesense.sink.tables.TableNames;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Step A: puts every reading item of a batch with BatchWriteItem (25 items per call, DynamoDB's
 * limit; 1 write unit per item up to 1 KB, no transaction surcharge). The items are pure
 * functions of the batch, so a put repeated after a crash writes the same bytes. Unprocessed
 * items are retried with exponential backoff, a bounded number of times.
 */
final class ReadingsWriter {

    /** DynamoDB BatchWriteItem limit. */
    static final int MAX_BATCH_WRITE = 25;
    // 20 ms doubling over 8 rounds waits at most ~5 s in all (AWS guidance: exponential backoff for
    // unprocessed items), well inside a Lambda timeout; after that the delivery is retried whole.
    private static final int MAX_ROUNDS = 8;
    private static final long FIRST_BACKOFF_MS = 20;

    private final DynamoDbClient client;
    private final TableNames names;
    private final ReadingItems items;
    private final WriteMeter meter;
    private final Backoff backoff;

    ReadingsWriter(DynamoDbClient client, TableNames names, ReadingItems items, WriteMeter meter, Backoff backoff) {
        this.client = client;
        this.names = names;
        this.items = items;
        this.meter = meter;
        this.backoff = backoff;
    }

    /** Waits between retries of unprocessed items; injected so tests never sleep. */
    @FunctionalInterface
    interface Backoff {
        void pause(long millis) throws InterruptedException;
    }

    /**
     * Rejects, before anything is written, a batch one of whose items DynamoDB would refuse: one
     * refused request after the first 25 items would leave those behind (issue 13 class 2).
     *
     * @throws UnstorableMessageException naming the attribute, the value and DynamoDB's limit
     */
    void requireStorable(ReadingsBatch b) {
        List<Map<String, AttributeValue>> all = new ArrayList<>();
        for (Reading r : b.readings()) {
            all.add(items.deviceReading(b, r));
        }
        all.add(items.packed(b));
        List<Violation> problems = Storable.check("reading item", all);
        if (!problems.isEmpty()) {
            throw new UnstorableMessageException("batch " + b.batchId(), problems);
        }
    }

    void put(ReadingsBatch b) {
        List<Map.Entry<String, WriteRequest>> all = new ArrayList<>();
        for (Reading r : b.readings()) {
            all.add(Map.entry(names.deviceReadings(), request(items.deviceReading(b, r))));
        }
        all.add(Map.entry(names.scaleSense(), request(items.packed(b))));
        for (int from = 0; from < all.size(); from += MAX_BATCH_WRITE) {
            write(all.subList(from, Math.min(all.size(), from + MAX_BATCH_WRITE)));
        }
    }

    private WriteRequest request(Map<String, AttributeValue> item) {
        meter.item(ItemSize.bytes(item), false);
        return WriteRequest.builder().putRequest(PutRequest.builder().item(item).build()).build();
    }

    private void write(List<Map.Entry<String, WriteRequest>> chunk) {
        Map<String, List<WriteRequest>> pending = new HashMap<>();
        for (Map.Entry<String, WriteRequest> e : chunk) {
            pending.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(e.getValue());
        }
        long wait = FIRST_BACKOFF_MS;
        try {
            for (int round = 0; round < MAX_ROUNDS; round++) {
                var response = client.batchWriteItem(BatchWriteItemRequest.builder().requestItems(pending)
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build());
                if (response.consumedCapacity() != null) {
                    response.consumedCapacity().forEach(cc -> meter.reported(cc.capacityUnits()));
                }
                if (!response.hasUnprocessedItems() || response.unprocessedItems().isEmpty()) {
                    return;
                }
                pending = response.unprocessedItems();
                backoff.pause(wait);
                wait *= 2;
            }
        } catch (SdkException e) {
            throw StoreFailures.of("BatchWriteItem", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreUnavailableException("BatchWriteItem", e);
        }
        throw new StoreUnavailableException("BatchWriteItem",
                new IllegalStateException("items still unprocessed after " + MAX_ROUNDS + " rounds"));
    }
}
