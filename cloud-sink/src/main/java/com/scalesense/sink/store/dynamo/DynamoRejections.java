package com.scalesense.sink.store.dynamo;

import com.scalesense.protocol.Rfc3339;
import com.scalesense.sink.rejection.HeldBatch;
import com.scalesense.sink.rejection.HeldBatches;
import com.scalesense.sink.rejection.Rejection;
import com.scalesense.sink.rejection.Rejections;
import com.scalesense.sink.tables.Attr;
import com.scalesense.sink.tables.Gzip;
import com.scalesense.sink.tables.ItemKey;
import com.scalesense.sink.tables.Keys;
import com.scalesense.sink.tables.Table;
import com.scalesense.sink.tables.TableNames;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * The quarantine in the single table: {@code REJECTED#<device_id>} / {@code <ISO instant>#<hash16>}
 * (docs/data-model.md), kept {@value #TTL_DAYS} days by TTL. No {@code device_id} or
 * {@code loc_id} attribute: those are index keys, and rejections belong in no index.
 *
 * <p>A held batch's item also carries {@value #STATUS} ({@value #HELD}, then {@value #REPLAYED})
 * and, while held, the message gzip-compressed in {@value #PAYLOAD}: at most
 * {@link com.scalesense.protocol.WireCodec#MAX_RULE_EVENT_BYTES} (128 KB and the topic) before
 * compression, far below DynamoDB's 400 KB item limit; gzip because write units are billed per KB
 * and batch JSON repeats its field names. Each hold also counts the device on the sweep's work list
 * ({@link Keys#heldDevice}).
 */
public final class DynamoRejections implements Rejections, HeldBatches {

    /** How long a rejection is kept: the same 30 days as seed 001's processed_batches markers. */
    static final int TTL_DAYS = 30;
    static final String STATUS = "hold_status";
    static final String HELD = "held";
    static final String REPLAYED = "replayed";
    static final String PAYLOAD = "payload_gzip";
    /** 1 MB pages; a held item is up to ~130 KB, so 8 pages read at least 60 of them. */
    private static final int MAX_PAGES = 8;

    private final DynamoDbClient client;
    private final Table table;
    private final Consumer<Double> putUnits;

    public DynamoRejections(DynamoDbClient client, TableNames names) {
        this(client, names, units -> { });
    }

    /** @param putUnits told the write units DynamoDB reports for each quarantine item put (cost figures) */
    public DynamoRejections(DynamoDbClient client, TableNames names, Consumer<Double> putUnits) {
        this.client = client;
        this.table = new Table(client, names.scaleSense());
        this.putUnits = putUnits;
    }

    @Override
    public void keep(Rejection r) {
        put(item(r), "PutItem REJECTED#");
    }

    @Override
    public void hold(Rejection r, byte[] payload) {
        Map<String, AttributeValue> item = item(r);
        item.put(STATUS, Attr.s(HELD));
        item.put(PAYLOAD, AttributeValue.fromB(SdkBytes.fromByteArray(Gzip.compress(payload))));
        try {
            // The work list first: a crash before the hold's put fails the delivery, which is retried.
            table.update(u -> u.key(Attr.key(Keys.heldDevice(r.deviceId())))
                    .updateExpression("ADD holds :one SET expires_at = :exp")
                    .expressionAttributeValues(Map.of(":one", Attr.n(1), ":exp", Attr.n(expiresAt(r.receivedAt())))));
        } catch (SdkException e) {
            throw StoreFailures.of("UpdateItem HELD#DEVICES", e);
        }
        put(item, "PutItem REJECTED# held");
    }

    private void put(Map<String, AttributeValue> item, String operation) {
        try {
            PutItemResponse response = client.putItem(p -> p.tableName(table.name()).item(item)
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
            putUnits.accept(response.consumedCapacity() == null ? null : response.consumedCapacity().capacityUnits());
        } catch (SdkException e) {
            throw StoreFailures.of(operation, e);
        }
    }

    private static Map<String, AttributeValue> item(Rejection r) {
        Map<String, AttributeValue> item = new HashMap<>(Attr.key(
                Keys.rejection(r.deviceId(), r.receivedAt().toEpochMilli(), r.payloadSha256())));
        item.put("rejected_device", Attr.s(r.deviceId()));
        item.put("received_at", Attr.s(Rfc3339.format(r.receivedAt().toEpochMilli())));
        item.put("received_at_ms", Attr.n(r.receivedAt().toEpochMilli()));
        item.put("rule", Attr.s(r.rule()));
        item.put("reason", Attr.s(r.reason()));
        item.put("payload_sha256", Attr.s(r.payloadSha256()));
        item.put("payload_bytes", Attr.n(r.payloadBytes()));
        item.put("excerpt", Attr.s(r.excerpt().isEmpty() ? "(empty)" : r.excerpt()));
        item.put("expires_at", Attr.n(expiresAt(r.receivedAt())));
        return item;
    }

    private static long expiresAt(Instant receivedAt) {
        return receivedAt.getEpochSecond() + TTL_DAYS * 24L * 3600;
    }

    @Override
    public List<Rejection> recent(String deviceId, int limit) {
        List<Rejection> out = new ArrayList<>();
        try {
            var response = client.query(q -> q.tableName(table.name())
                    .keyConditionExpression("PK = :pk")
                    .expressionAttributeValues(Map.of(":pk", Attr.s(Keys.REJECTED_PREFIX + deviceId)))
                    .projectionExpression("rejected_device, received_at_ms, #r, reason, payload_sha256, payload_bytes,"
                            + " excerpt, " + STATUS)
                    .expressionAttributeNames(Map.of("#r", "rule"))
                    .scanIndexForward(false).limit(limit));
            for (var item : response.items()) {
                String status = Attr.str(item, STATUS);
                out.add(new Rejection(Attr.str(item, "rejected_device"),
                        Instant.ofEpochMilli(Attr.num(item, "received_at_ms")), Attr.str(item, "rule"),
                        Attr.str(item, "reason"), Attr.str(item, "payload_sha256"),
                        Attr.num(item, "payload_bytes").intValue(), Attr.str(item, "excerpt"), status));
            }
            return out;
        } catch (SdkException e) {
            throw StoreFailures.of("Query REJECTED#", e);
        }
    }

    @Override
    public List<HeldBatch> held(String deviceId, int limit) {
        QueryRequest q = QueryRequest.builder().keyConditionExpression("PK = :pk").consistentRead(true)
                .filterExpression(STATUS + " = :held")
                .expressionAttributeValues(Map.of(":pk", Attr.s(Keys.REJECTED_PREFIX + deviceId), ":held", Attr.s(HELD)))
                .build();
        try {
            // The filter runs after DynamoDB's Limit, so the pages are read whole; only the first
            // limit payloads are decompressed.
            return table.queryAll(q, MAX_PAGES, item -> item).stream().limit(limit)
                    .map(item -> new HeldBatch(deviceId, Attr.str(item, "SK"), Attr.str(item, "rule"),
                            Attr.str(item, "reason"), gunzip(item.get(PAYLOAD).b().asByteArray())))
                    .toList();
        } catch (SdkException e) {
            throw StoreFailures.of("Query REJECTED# held", e);
        }
    }

    @Override
    public Map<String, Long> devicesHolding(int limit) {
        QueryRequest q = QueryRequest.builder().keyConditionExpression("PK = :pk").consistentRead(true)
                .expressionAttributeValues(Map.of(":pk", Attr.s(Keys.HELD_DEVICES))).limit(limit).build();
        Map<String, Long> out = new LinkedHashMap<>();
        try {
            table.firstPage(q).forEach(item -> out.put(Attr.str(item, "SK"), Attr.num(item, "holds")));
            return out;
        } catch (SdkException e) {
            throw StoreFailures.of("Query HELD#DEVICES", e);
        }
    }

    @Override
    public boolean replayed(HeldBatch batch, String outcome, Instant at) {
        try {
            table.update(u -> u.key(Attr.key(itemKey(batch)))
                    .conditionExpression(STATUS + " = :held")
                    .updateExpression("SET " + STATUS + " = :replayed, replay_outcome = :o, replayed_at = :at REMOVE "
                            + PAYLOAD)
                    .expressionAttributeValues(Map.of(":held", Attr.s(HELD), ":replayed", Attr.s(REPLAYED),
                            ":o", Attr.s(outcome), ":at", Attr.s(Rfc3339.format(at.toEpochMilli())))));
            return true;
        } catch (ConditionalCheckFailedException settledMeanwhile) {
            return false;
        } catch (SdkException e) {
            throw StoreFailures.of("UpdateItem REJECTED# replayed", e);
        }
    }

    @Override
    public void stillRefused(HeldBatch batch, String rule, String reason, Instant at) {
        try {
            table.update(u -> u.key(Attr.key(itemKey(batch)))
                    .conditionExpression(STATUS + " = :held")
                    .updateExpression("SET #r = :rule, reason = :why, retried_at = :at ADD retries :one")
                    .expressionAttributeNames(Map.of("#r", "rule"))
                    .expressionAttributeValues(Map.of(":held", Attr.s(HELD), ":rule", Attr.s(rule), ":why", Attr.s(reason),
                            ":at", Attr.s(Rfc3339.format(at.toEpochMilli())), ":one", Attr.n(1))));
        } catch (ConditionalCheckFailedException settledMeanwhile) {
            // Another replay let it in between the read and now.
        } catch (SdkException e) {
            throw StoreFailures.of("UpdateItem REJECTED# refused", e);
        }
    }

    @Override
    public void forgetDevice(String deviceId, long holds) {
        try {
            table.deleteIf(Keys.heldDevice(deviceId), "holds = :n", Map.of(":n", Attr.n(holds)));
        } catch (SdkException e) {
            throw StoreFailures.of("DeleteItem HELD#DEVICES", e);
        }
    }

    private static ItemKey itemKey(HeldBatch batch) {
        return new ItemKey(Keys.REJECTED_PREFIX + batch.deviceId(), batch.itemSk());
    }

    private static byte[] gunzip(byte[] bytes) {
        try {
            return Gzip.decompress(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException("held payload is not gzip: written by another writer", e);
        }
    }
}
