package com.scalesense.demo.report;

import com.scalesense.sink.tables.Keys;
import com.scalesense.sink.tables.PackedRows;
import com.scalesense.sink.tables.TableNames;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * Reads back, item by item, the two places a reading is stored: seed 001's
 * {@code device_readings} (one item per reading) and seed 000's keg readings store (one packed
 * item per batch, see docs/data-model.md), decoding every row. Query only, never Scan.
 */
public final class StoredReadings {

    /**
     * One stored reading.
     *
     * @param bootId      the boot that took it (from its batch_id)
     * @param timestampMs when it was taken, epoch ms
     * @param levelPct    level, percent; null when the sensor was in error
     */
    public record Stored(String bootId, long timestampMs, Double levelPct) {
    }

    private final DynamoDbClient client;
    private final TableNames names;

    public StoredReadings(DynamoDbClient client, TableNames names) {
        this.client = client;
        this.names = names;
    }

    /** Every device_readings item of one scale, oldest first. */
    public List<Stored> deviceReadings(String hardwareId) {
        List<Stored> out = new ArrayList<>();
        for (Map<String, AttributeValue> item : query(QueryRequest.builder().tableName(names.deviceReadings())
                .keyConditionExpression("hardware_id = :h")
                .expressionAttributeValues(Map.of(":h", AttributeValue.fromS(hardwareId))).build())) {
            AttributeValue level = item.containsKey("sensors") ? item.get("sensors").m().get("level_pct") : null;
            out.add(new Stored(item.get("boot_id").s(), Long.parseLong(item.get("timestamp_ms").n()),
                    level == null ? null : Double.valueOf(level.n())));
        }
        return out;
    }

    /** Every reading packed under {@code READINGS#keg#<kegId>} (or the tap's partition when kegId is null). */
    public List<Stored> kegReadings(String kegId, String tapId) {
        String pk = Keys.readings(kegId, tapId, 0).pk();
        List<Stored> out = new ArrayList<>();
        for (Map<String, AttributeValue> item : query(QueryRequest.builder().tableName(names.scaleSense())
                .keyConditionExpression("PK = :pk")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(pk))).build())) {
            List<String> columns = List.of(item.get("columns").s().split(","));
            int offset = columns.indexOf("offset_ms");
            int level = columns.indexOf("level_pct");
            long first = Instant.parse(item.get("SK").s()).toEpochMilli();
            String bootId = bootOf(item.get("batch_id").s());
            for (String row : PackedRows.text(item).split(";")) {
                String[] f = row.split(",", -1);
                out.add(new Stored(bootId, first + Long.parseLong(f[offset]),
                        f[level].isEmpty() ? null : Double.valueOf(f[level])));
            }
        }
        return out;
    }

    /** batch_id = {hardware_id}_{boot_id}_{window_start_ms}_{window_end_ms} (DESIGN.md). */
    static String bootOf(String batchId) {
        return batchId.split("_")[1];
    }

    private List<Map<String, AttributeValue>> query(QueryRequest request) {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        client.queryPaginator(request).items().forEach(items::add);
        return items;
    }
}
