package com.scalesense.sink.store.dynamo;

import com.scalesense.protocol.Reading;
import com.scalesense.protocol.ReadingsBatch;
import com.scalesense.protocol.Rfc3339;
import com.scalesense.sink.tables.Attr;
import com.scalesense.sink.tables.TableNames;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * The benchmark's baseline: seed 001's idempotency pattern as written there, one
 * TransactWriteItems of the processed_batches marker plus every device_readings item, with the
 * same items our path writes. Counted on its own {@link WriteMeter}.
 */
public final class Seed001Baseline {

    private final DynamoDbClient client;
    private final TableNames names;
    private final ReadingItems items = new ReadingItems(DynamoSinkStore.DEFAULT_READINGS_RETENTION_SECS);
    private final WriteMeter meter;
    private final Metered metered;

    public Seed001Baseline(DynamoDbClient client, TableNames names, WriteMeter meter) {
        this.client = client;
        this.names = names;
        this.meter = meter;
        this.metered = new Metered(meter);
    }

    public void ingest(ReadingsBatch b, Instant now) {
        List<TransactWriteItem> tx = new ArrayList<>();
        Map<String, AttributeValue> marker = new HashMap<>();
        marker.put("batch_id", Attr.s(b.batchId()));
        marker.put("hardware_id", Attr.s(b.hardwareId()));
        marker.put("received_at", Attr.s(Rfc3339.format(now)));
        marker.put("expiration_time", Attr.n(now.getEpochSecond() + CommitWriter.MARKER_TTL_SECS));
        tx.add(metered.put(names.processedBatches(), marker, "attribute_not_exists(batch_id)", Map.of()));
        for (Reading r : b.readings()) {
            tx.add(metered.put(names.deviceReadings(), items.deviceReading(b, r), null, Map.of()));
        }
        var response = client.transactWriteItems(t -> t.transactItems(tx).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
        if (response.consumedCapacity() != null) {
            response.consumedCapacity().forEach(cc -> meter.reported(cc.capacityUnits()));
        }
    }
}
