package com.scalesense.sink.testing;

import com.scalesense.sink.tables.TableCreator;
import com.scalesense.sink.tables.TableNames;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.dynamodb.services.local.embedded.DynamoDBEmbedded;
import software.amazon.dynamodb.services.local.shared.access.AmazonDynamoDBLocal;

/**
 * DynamoDB Local in process (in-memory SQLite), one per test class; every test gets its own
 * table prefix so tests never see each other's items.
 */
public final class LocalDynamo implements AutoCloseable {

    private static final AtomicInteger PREFIXES = new AtomicInteger();

    private final AmazonDynamoDBLocal local;
    private final DynamoDbClient client;

    private LocalDynamo(AmazonDynamoDBLocal local) {
        this.local = local;
        this.client = local.dynamoDbClient();
    }

    /** Starts an in-memory instance. */
    public static LocalDynamo start() {
        return new LocalDynamo(DynamoDBEmbedded.create(true));
    }

    public DynamoDbClient client() {
        return client;
    }

    /** Creates all tables under a prefix no other test in this JVM uses. */
    public TableNames freshTables() {
        TableNames names = unusedNames();
        new TableCreator(client, names).createAll();
        return names;
    }

    /** Table names no test of this JVM has used, with no tables created under them. */
    public TableNames unusedNames() {
        return new TableNames("t" + PREFIXES.incrementAndGet() + "-");
    }

    @Override
    public void close() {
        client.close();
        local.shutdown();
    }
}
