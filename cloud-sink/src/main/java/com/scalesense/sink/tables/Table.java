package com.scalesense.sink.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * One table, and the only calls the admin operations, the seed loader, API keys and the query
 * functions make on DynamoDB: GetItem, PutItem (plain or create-if-absent), UpdateItem, Query
 * (never Scan), conditional DeleteItem and TransactWriteItems. Ingestion has its own adapter, {@code store.dynamo},
 * behind the {@code SinkStore} port; attribute values come from {@link Attr} on both sides.
 * Every request carries this table's name; conditions and their failures are the caller's,
 * passed through as the SDK throws them.
 */
public final class Table {

    private final DynamoDbClient client;
    private final String name;

    public Table(DynamoDbClient client, String name) {
        this.client = client;
        this.name = name;
    }

    /** The physical table name, for the items of a transaction. */
    public String name() {
        return name;
    }

    /** GetItem by primary key; an empty map when there is no such item. */
    public Map<String, AttributeValue> get(Map<String, AttributeValue> key, boolean consistent) {
        Map<String, AttributeValue> item = client.getItem(b -> b.tableName(name).key(key).consistentRead(consistent)).item();
        return item == null ? Map.of() : item;
    }

    /** GetItem of a {@code scale-sense} item; an empty map when there is none. */
    public Map<String, AttributeValue> get(ItemKey key, boolean consistent) {
        return get(Attr.key(key), consistent);
    }

    /** PutItem, replacing any item with the same key. */
    public void put(Map<String, AttributeValue> item) {
        client.putItem(b -> b.tableName(name).item(item));
    }

    /**
     * PutItem only if no item has this key ({@code attribute_not_exists(<keyAttribute>)}).
     *
     * @return false when one existed; it is left as it was
     */
    public boolean putIfAbsent(Map<String, AttributeValue> item, String keyAttribute) {
        try {
            client.putItem(b -> b.tableName(name).item(item).conditionExpression("attribute_not_exists(" + keyAttribute + ")"));
            return true;
        } catch (ConditionalCheckFailedException exists) {
            return false;
        }
    }

    /** UpdateItem on this table. @throws ConditionalCheckFailedException when the request's condition fails */
    public void update(Consumer<UpdateItemRequest.Builder> request) {
        client.updateItem(b -> request.accept(b.tableName(name)));
    }

    /**
     * Every item of a query on this table (or one of its indexes), following
     * {@code LastEvaluatedKey} page by page, at most {@code maxPages} pages (1 MB each) so a
     * runaway partition cannot hang a request.
     */
    public <T> List<T> queryAll(QueryRequest request, int maxPages, Function<Map<String, AttributeValue>, T> mapper) {
        List<T> out = new ArrayList<>();
        QueryRequest page = request.toBuilder().tableName(name).build();
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

    /** The first page of a query only: for a query with a Limit, whose LastEvaluatedKey must not be followed. */
    public List<Map<String, AttributeValue>> firstPage(QueryRequest request) {
        return client.query(request.toBuilder().tableName(name).build()).items();
    }

    /**
     * DeleteItem only if {@code condition} holds.
     *
     * @return false when it did not; the item is left as it was
     */
    public boolean deleteIf(ItemKey key, String condition, Map<String, AttributeValue> values) {
        try {
            client.deleteItem(b -> b.tableName(name).key(Attr.key(key)).conditionExpression(condition)
                    .expressionAttributeValues(values));
            return true;
        } catch (ConditionalCheckFailedException changed) {
            return false;
        }
    }

    /** TransactWriteItems. @throws TransactionCanceledException naming each item's reason when one condition fails */
    public void transact(List<TransactWriteItem> items) {
        client.transactWriteItems(b -> b.transactItems(items));
    }
}
