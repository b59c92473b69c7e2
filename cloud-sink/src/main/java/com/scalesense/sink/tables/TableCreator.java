package com.scalesense.sink.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Creates the tables of {@link Tables} (on-demand billing, TTL enabled) from their definitions.
 * Idempotent: a table that already exists is left as it is. Used by tests and the demo; the
 * deploy template is checked against the same definitions.
 */
public final class TableCreator {

    private final DynamoDbClient client;
    private final TableNames names;

    public TableCreator(DynamoDbClient client, TableNames names) {
        this.client = client;
        this.names = names;
    }

    /** Creates every table of {@link Tables#ALL} and waits until each exists. */
    public void createAll() {
        Tables.ALL.forEach(this::create);
    }

    public void create(TableDef table) {
        String name = names.of(table);
        try {
            client.createTable(request(table, name));
        } catch (ResourceInUseException alreadyThere) {
            return;
        }
        client.waiter().waitUntilTableExists(b -> b.tableName(name));
        if (table.ttlAttribute() != null) {
            client.updateTimeToLive(b -> b.tableName(name)
                    .timeToLiveSpecification(t -> t.enabled(true).attributeName(table.ttlAttribute())));
        }
    }

    static CreateTableRequest request(TableDef table, String name) {
        List<AttributeDefinition> attrs = new ArrayList<>();
        for (Map.Entry<String, AttrType> e : table.keyAttributes().entrySet()) {
            attrs.add(AttributeDefinition.builder().attributeName(e.getKey())
                    .attributeType(e.getValue() == AttrType.S ? ScalarAttributeType.S : ScalarAttributeType.N).build());
        }
        var b = CreateTableRequest.builder().tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(attrs).keySchema(keySchema(table.partitionKey(), table.sortKey()));
        if (!table.indexes().isEmpty()) {
            b.globalSecondaryIndexes(table.indexes().stream().map(TableCreator::index).toList());
        }
        return b.build();
    }

    private static GlobalSecondaryIndex index(IndexDef index) {
        var p = Projection.builder().projectionType(ProjectionType.fromValue(index.projection().name()));
        if (!index.includedAttrs().isEmpty()) {
            p.nonKeyAttributes(index.includedAttrs());
        }
        return GlobalSecondaryIndex.builder().indexName(index.name())
                .keySchema(keySchema(index.partitionKey(), index.sortKey())).projection(p.build()).build();
    }

    private static List<KeySchemaElement> keySchema(KeyAttr pk, KeyAttr sk) {
        List<KeySchemaElement> out = new ArrayList<>();
        out.add(KeySchemaElement.builder().attributeName(pk.name()).keyType(KeyType.HASH).build());
        if (sk != null) {
            out.add(KeySchemaElement.builder().attributeName(sk.name()).keyType(KeyType.RANGE).build());
        }
        return out;
    }
}
