package com.scalesense.sink.query;

import static com.scalesense.sink.tables.Attr.s;

import com.scalesense.sink.tables.TableNames;
import com.scalesense.sink.validation.Fields;
import com.scalesense.sink.validation.InvalidInputException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/** Seed 001 query patterns: latest reading, time-range query, devices by activity. */
public final class DeviceReadingQueries {

    private final Reads readings;
    private final Reads devices;

    public DeviceReadingQueries(DynamoDbClient client, TableNames names) {
        this.readings = new Reads(client, names.deviceReadings());
        this.devices = new Reads(client, names.devices());
    }

    /** {@code hardware_id = :hw}, descending, Limit 1. */
    public Optional<Item> latestReading(String hardwareId) {
        var items = readings.firstPage(QueryRequest.builder().tableName(readings.table()).keyConditionExpression("hardware_id = :h")
                .expressionAttributeValues(Map.of(":h", s(check(hardwareId)))).scanIndexForward(false).limit(1).build());
        return items.isEmpty() ? Optional.empty() : Optional.of(Item.of(items.get(0)));
    }

    /**
     * Readings with {@code fromMs <= timestamp_ms <= toMs}, oldest first: {@code ts_batch BETWEEN
     * "{from:013}#" AND "{to:013}#\uffff"} (seed 001; the suffix takes in every batch_id at toMs).
     */
    public List<Item> readingsBetween(String hardwareId, long fromMs, long toMs) {
        if (fromMs < 0 || toMs < fromMs) {
            throw new InvalidInputException("to_ms", toMs, "must be >= from_ms (" + fromMs + ") >= 0");
        }
        return readings.query(QueryRequest.builder().tableName(readings.table())
                .keyConditionExpression("hardware_id = :h AND ts_batch BETWEEN :from AND :to")
                .expressionAttributeValues(Map.of(":h", s(check(hardwareId)),
                        ":from", s(String.format("%013d#", fromMs)), ":to", s(String.format("%013d#\uffff", toMs))))
                .build());
    }

    /** Devices table, gsi1 {@code gsi1pk = "devices"}, most recently seen first. */
    public List<Item> devicesByActivity() {
        return devices.query(QueryRequest.builder().tableName(devices.table()).indexName("gsi1")
                .keyConditionExpression("gsi1pk = :p").expressionAttributeValues(Map.of(":p", s("devices")))
                .scanIndexForward(false).build());
    }

    /** The seed 001 {@code devices} row of a scale (last_seen_at, firmware_version), by hardware_id. */
    public Optional<Item> deviceRow(String hardwareId) {
        return devices.get(Map.of("hardware_id", s(check(hardwareId))));
    }

    private static String check(String hardwareId) {
        return Fields.match("hardware_id", hardwareId, Fields.HARDWARE_ID);
    }
}
