package com.scalesense.sink.query;

import static com.scalesense.sink.tables.Attr.s;

import com.scalesense.sink.tables.Keys;
import com.scalesense.sink.tables.TableNames;
import com.scalesense.sink.tables.Tables;
import com.scalesense.sink.validation.Fields;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * Seed 000 access patterns on scales: meta, telemetry, calibration (current and history),
 * device by id (device-index), low-battery devices at a location (location-battery-index).
 */
public final class DeviceQueries {

    private final Reads reads;

    public DeviceQueries(DynamoDbClient client, TableNames names) {
        this.reads = new Reads(client, names.scaleSense());
    }

    /** {@code PK=DEVICE#<id>, SK=META}. */
    public Optional<Item> deviceMeta(String deviceId) {
        return reads.get(Keys.deviceMeta(check(deviceId)));
    }

    /** {@code PK=DEVICE#<id>, SK=TELEMETRY}. */
    public Optional<Item> deviceTelemetry(String deviceId) {
        return reads.get(Keys.deviceTelemetry(check(deviceId)));
    }

    /** {@code PK=DEVICE#<id>, SK=CALIBRATION}. */
    public Optional<Item> currentCalibration(String deviceId) {
        return reads.get(Keys.deviceCalibration(check(deviceId)));
    }

    /** {@code PK=DEVICE#<id>, SK begins_with CAL#}, newest first. */
    public List<Item> calibrationHistory(String deviceId) {
        return reads.prefix("DEVICE#" + check(deviceId), "CAL#", false);
    }

    /** GSI device-index, {@code device_id = :id}: the scale's META item. */
    public Optional<Item> deviceById(String deviceId) {
        return reads.index(Tables.DEVICE_INDEX, "device_id", check(deviceId)).stream().findFirst();
    }

    /**
     * GSI location-battery-index, {@code battery_loc_id = :loc}: telemetry items of the scales
     * whose battery is below the location's low_battery_pct (the index is sparse: ingestion sets
     * {@code battery_loc_id} only while low), lowest battery first.
     */
    public List<Item> lowBatteryDevices(String locId) {
        return reads.query(QueryRequest.builder().tableName(reads.table()).indexName(Tables.LOCATION_BATTERY_INDEX)
                .keyConditionExpression("battery_loc_id = :l")
                .expressionAttributeValues(Map.of(":l", s(Fields.match("loc_id", locId, Fields.LOC_ID))))
                .scanIndexForward(true).build());
    }

    /** The META items of the scales registered at a location (GSI loc_id-index), by device_id. */
    public List<Item> devicesAt(String locId) {
        return reads.index(Tables.LOC_ID_INDEX, "loc_id", Fields.match("loc_id", locId, Fields.LOC_ID)).stream()
                .filter(i -> i.string("PK").startsWith("DEVICE#") && "META".equals(i.string("SK")))
                .sorted(java.util.Comparator.comparing((Item i) -> i.string("PK"))).toList();
    }

    private static String check(String deviceId) {
        return Fields.match("device_id", deviceId, Fields.DEVICE_ID);
    }
}
