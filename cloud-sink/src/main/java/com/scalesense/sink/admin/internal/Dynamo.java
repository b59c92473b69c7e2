package com.scalesense.sink.admin.internal;

import com.scalesense.sink.tables.ItemKey;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * Attribute-value plumbing shared by the admin, seed, API key and query adapters, so each of
 * them reads as the item it writes. Reads only ever Query or GetItem; there is no scan here.
 */
public final class Dynamo {

    private Dynamo() {
    }

    public static Map<String, AttributeValue> key(ItemKey key) {
        return Map.of(ItemKey.PK, s(key.pk()), ItemKey.SK, s(key.sk()));
    }

    public static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

    public static AttributeValue n(double value) {
        // BigDecimal keeps 1.014 as "1.014" rather than a binary expansion.
        return AttributeValue.fromN(BigDecimal.valueOf(value).toPlainString());
    }

    public static AttributeValue n(long value) {
        return AttributeValue.fromN(Long.toString(value));
    }

    public static String string(Map<String, AttributeValue> item, String name) {
        AttributeValue v = item.get(name);
        return v == null ? null : v.s();
    }

    public static Double number(Map<String, AttributeValue> item, String name) {
        AttributeValue v = item.get(name);
        return v == null || v.n() == null ? null : Double.valueOf(v.n());
    }

    public static Boolean bool(Map<String, AttributeValue> item, String name) {
        AttributeValue v = item.get(name);
        return v == null ? null : v.bool();
    }

    /**
     * Every item of a query, following {@code LastEvaluatedKey} page by page, at most
     * {@code maxPages} pages (1 MB each) so a runaway partition cannot hang a request.
     */
    public static <T> List<T> queryAll(DynamoDbClient client, QueryRequest request, int maxPages,
                                       Function<Map<String, AttributeValue>, T> mapper) {
        List<T> out = new ArrayList<>();
        QueryRequest page = request;
        for (int i = 0; i < maxPages; i++) {
            QueryResponse response = client.query(page);
            response.items().forEach(item -> out.add(mapper.apply(item)));
            if (!response.hasLastEvaluatedKey() || response.lastEvaluatedKey().isEmpty()) {
                return out;
            }
            page = page.toBuilder().exclusiveStartKey(response.lastEvaluatedKey()).build();
        }
        return out;
    }
}
