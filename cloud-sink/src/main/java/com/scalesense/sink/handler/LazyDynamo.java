package com.scalesense.sink.handler;

import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * {@link AdminCli}'s client, built on first use: usage errors and {@code --help} need no region or
 * credentials, and a missing region is reported by the first command that needs DynamoDB.
 * Single-threaded (one command per process).
 */
final class LazyDynamo implements Supplier<DynamoDbClient>, AutoCloseable {

    private final Supplier<DynamoDbClient> build;
    private DynamoDbClient client;

    LazyDynamo(Supplier<DynamoDbClient> build) {
        this.build = build;
    }

    @Override
    public DynamoDbClient get() {
        if (client == null) {
            client = build.get();
        }
        return client;
    }

    @Override
    public void close() {
        if (client != null) {
            client.close();
        }
    }
}
