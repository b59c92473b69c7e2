package com.scalesense.sink.query;

import static com.scalesense.sink.tables.Attr.s;

import com.scalesense.sink.tables.ItemKey;
import com.scalesense.sink.tables.Table;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/** GetItem and Query on one table; the only two reads the query functions use (never Scan). */
final class Reads {

    /** 1 MB pages; bounds a request even on a runaway partition. */
    static final int MAX_PAGES = 50;

    private final Table table;

    Reads(DynamoDbClient client, String table) {
        this.table = new Table(client, table);
    }

    Optional<Item> get(ItemKey k) {
        Map<String, AttributeValue> item = table.get(k, false);
        return item.isEmpty() ? Optional.empty() : Optional.of(Item.of(item));
    }

    /** GetItem by a key of another shape than PK/SK (seed 001's tables). */
    Optional<Item> get(Map<String, AttributeValue> key) {
        Map<String, AttributeValue> item = table.get(key, false);
        return item.isEmpty() ? Optional.empty() : Optional.of(Item.of(item));
    }

    /** Items of partition {@code pk} whose SK begins with {@code prefix}, in SK order. */
    List<Item> prefix(String pk, String prefix, boolean ascending) {
        return query(QueryRequest.builder()
                .keyConditionExpression("PK = :pk AND begins_with(SK, :p)")
                .expressionAttributeValues(Map.of(":pk", s(pk), ":p", s(prefix)))
                .scanIndexForward(ascending).build());
    }

    /** Items of a GSI whose partition key {@code attr} equals {@code value}. */
    List<Item> index(String index, String attr, String value) {
        return query(QueryRequest.builder().indexName(index)
                .keyConditionExpression("#k = :v").expressionAttributeNames(Map.of("#k", attr))
                .expressionAttributeValues(Map.of(":v", s(value))).build());
    }

    List<Item> query(QueryRequest request) {
        return table.queryAll(request, MAX_PAGES, Item::of);
    }

    /** One page only: for a query with a Limit, whose LastEvaluatedKey must not be followed. */
    List<Map<String, AttributeValue>> firstPage(QueryRequest request) {
        return table.firstPage(request);
    }

    List<Map<String, AttributeValue>> queryRaw(QueryRequest request) {
        return table.queryAll(request, MAX_PAGES, m -> m);
    }

    String table() {
        return table.name();
    }
}
