package com.scalesense.sink.query;

import static com.scalesense.sink.tables.Attr.s;

import com.scalesense.sink.tables.Attr;
import com.scalesense.sink.tables.Keys;
import com.scalesense.sink.tables.PackedRows;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * Reads seed 000's readings store as ingestion packs it (docs/data-model.md): one item per batch
 * under {@code READINGS#keg#<keg_id>} (or {@code READINGS#<tap_id>}), SK the ISO instant of the
 * batch's first reading, rows ({@link PackedRows#text}: gzip in {@code rows_gz}, or text
 * {@code rows} on older items) = {@code columns}-ordered fields, ',' between fields,
 * ';' between rows, empty = null, first field the offset in ms from the SK instant.
 *
 * <p>A batch that starts before {@code from} may still hold readings after it. Batches of one
 * partition never overlap (one scale's windows strictly increase), so only the single item just
 * before {@code from} can: it is read with a second Query (descending, Limit 1).
 */
final class ReadingsStore {

    private final Reads reads;

    ReadingsStore(Reads reads) {
        this.reads = reads;
    }

    static String kegPartition(String kegId) {
        return Keys.readings(kegId, null, 0).pk();
    }

    static String tapPartition(String tapId) {
        return Keys.readings(null, tapId, 0).pk();
    }

    /**
     * Readings of a partition with {@code from <= at <= to}, oldest first.
     *
     * @param hardwareToDevice maps the hardware_id at the head of each batch_id to a device_id;
     *                         unmapped ones keep the hardware_id
     */
    List<ReadingPoint> between(String pk, Instant from, Instant to, Map<String, String> hardwareToDevice) {
        String lo = Keys.isoInstant(from.toEpochMilli());
        // firstPage: with Limit 1 DynamoDB returns a LastEvaluatedKey whenever older items exist;
        // following it would walk the whole partition back one item per request.
        List<Map<String, AttributeValue>> items = new ArrayList<>(reads.firstPage(QueryRequest.builder()
                .tableName(reads.table()).keyConditionExpression("PK = :pk AND SK < :lo")
                .expressionAttributeValues(Map.of(":pk", s(pk), ":lo", s(lo))).scanIndexForward(false).limit(1)
                .build()));
        items.addAll(reads.queryRaw(QueryRequest.builder().tableName(reads.table())
                .keyConditionExpression("PK = :pk AND SK BETWEEN :lo AND :hi")
                .expressionAttributeValues(Map.of(":pk", s(pk), ":lo", s(lo),
                        ":hi", s(Keys.isoInstant(to.toEpochMilli())))).build()));
        List<ReadingPoint> out = new ArrayList<>();
        for (Map<String, AttributeValue> item : items) {
            for (ReadingPoint p : decode(item, hardwareToDevice)) {
                if (!p.at().isBefore(from) && !p.at().isAfter(to)) {
                    out.add(p);
                }
            }
        }
        return out;
    }

    static List<ReadingPoint> decode(Map<String, AttributeValue> item, Map<String, String> hardwareToDevice) {
        List<String> columns = Arrays.asList(Attr.str(item, "columns").split(","));
        int offset = columns.indexOf("offset_ms");
        int level = columns.indexOf("level_pct");
        int gallons = columns.indexOf("gallons");
        int battery = columns.indexOf("battery_pct");
        Instant first = Instant.parse(Attr.str(item, "SK"));
        String batchId = Attr.str(item, "batch_id");
        String hardwareId = batchId == null ? null : batchId.split("_", 2)[0];
        String device = hardwareToDevice.getOrDefault(hardwareId, hardwareId);
        List<ReadingPoint> out = new ArrayList<>();
        for (String row : PackedRows.text(item).split(";")) {
            String[] f = row.split(",", -1);
            out.add(new ReadingPoint(first.plusMillis(Long.parseLong(f[offset])), device,
                    field(f, level), field(f, gallons), field(f, battery)));
        }
        return out;
    }

    private static Double field(String[] fields, int i) {
        return i < 0 || i >= fields.length || fields[i].isEmpty() ? null : Double.valueOf(fields[i]);
    }
}
