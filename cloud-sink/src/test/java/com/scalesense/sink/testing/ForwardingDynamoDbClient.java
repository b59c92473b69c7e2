package com.scalesense.sink.testing;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * Forwards the calls the admin and query code makes to a real client (DynamoDB Local); a test
 * overrides one of them to count requests or to let a concurrent writer in at an exact point.
 * Closing it leaves the real client open.
 */
public abstract class ForwardingDynamoDbClient implements DynamoDbClient {

    private final DynamoDbClient real;

    protected ForwardingDynamoDbClient(DynamoDbClient real) {
        this.real = real;
    }

    @Override
    public GetItemResponse getItem(GetItemRequest request) {
        return real.getItem(request);
    }

    @Override
    public QueryResponse query(QueryRequest request) {
        return real.query(request);
    }

    @Override
    public PutItemResponse putItem(PutItemRequest request) {
        return real.putItem(request);
    }

    @Override
    public UpdateItemResponse updateItem(UpdateItemRequest request) {
        return real.updateItem(request);
    }

    @Override
    public TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest request) {
        return real.transactWriteItems(request);
    }

    @Override
    public String serviceName() {
        return real.serviceName();
    }

    @Override
    public void close() {
    }
}
