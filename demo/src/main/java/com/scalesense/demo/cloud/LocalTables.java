package com.scalesense.demo.cloud;

import software.amazon.dynamodb.services.local.embedded.DynamoDBEmbedded;
import software.amazon.dynamodb.services.local.shared.access.AmazonDynamoDBLocal;
import com.scalesense.sink.tables.TableCreator;
import com.scalesense.sink.tables.TableNames;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * DynamoDB Local in this process (in-memory SQLite, no port), with the five tables created by the
 * sink's own {@link TableCreator} from the same definitions the deploy template must match.
 */
public final class LocalTables implements AutoCloseable {

    private final AmazonDynamoDBLocal local;
    private final DynamoDbClient client;
    private final TableNames names;

    private LocalTables(AmazonDynamoDBLocal local, TableNames names) {
        this.local = local;
        this.client = local.dynamoDbClient();
        this.names = names;
    }

    /** Starts DynamoDB Local and creates the tables under their seed names (no prefix). */
    public static LocalTables start() {
        LocalTables tables = new LocalTables(DynamoDBEmbedded.create(true), TableNames.defaults());
        new TableCreator(tables.client, tables.names).createAll();
        return tables;
    }

    public DynamoDbClient client() {
        return client;
    }

    public TableNames names() {
        return names;
    }

    @Override
    public void close() {
        client.close();
        local.shutdown();
    }
}
