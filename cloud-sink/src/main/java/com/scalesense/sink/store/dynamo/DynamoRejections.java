package com.scalesense.sink.store.dynamo;

import com.scalesense.protocol.Rfc3339;
import com.scalesense.sink.rejection.Rejection;
import com.scalesense.sink.rejection.Rejections;
import com.scalesense.sink.tables.Attr;
import com.scalesense.sink.tables.Keys;
import com.scalesense.sink.tables.TableNames;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The quarantine in the single table: {@code REJECTED#<device_id>} / {@code <ISO instant>#<hash16>}
 * (docs/data-model.md), kept {@value #TTL_DAYS} days by TTL. No {@code device_id} or
 * {@code loc_id} attribute: those are index keys, and rejections belong in no index.
 */
public final class DynamoRejections implements Rejections {

    /** How long a rejection is kept: the same 30 days as seed 001's processed_batches markers. */
    static final int TTL_DAYS = 30;

    private final DynamoDbClient client;
    private final TableNames names;

    public DynamoRejections(DynamoDbClient client, TableNames names) {
        this.client = client;
        this.names = names;
    }

    @Override
    public void keep(Rejection r) {
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
        item.put("expires_at", Attr.n(r.receivedAt().getEpochSecond() + TTL_DAYS * 24L * 3600));
        try {
            client.putItem(p -> p.tableName(names.scaleSense()).item(item));
        } catch (SdkException e) {
            throw StoreFailures.of("PutItem REJECTED#", e);
        }
    }

    @Override
    public List<Rejection> recent(String deviceId, int limit) {
        List<Rejection> out = new ArrayList<>();
        try {
            var response = client.query(q -> q.tableName(names.scaleSense())
                    .keyConditionExpression("PK = :pk")
                    .expressionAttributeValues(Map.of(":pk", Attr.s(Keys.REJECTED_PREFIX + deviceId)))
                    .scanIndexForward(false).limit(limit));
            for (var item : response.items()) {
                out.add(new Rejection(Attr.str(item, "rejected_device"),
                        Instant.ofEpochMilli(Attr.num(item, "received_at_ms")), Attr.str(item, "rule"),
                        Attr.str(item, "reason"), Attr.str(item, "payload_sha256"),
                        Attr.num(item, "payload_bytes").intValue(), Attr.str(item, "excerpt")));
            }
            return out;
        } catch (SdkException e) {
            throw StoreFailures.of("Query REJECTED#", e);
        }
    }
}
