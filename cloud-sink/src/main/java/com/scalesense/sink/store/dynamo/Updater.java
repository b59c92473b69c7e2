package com.scalesense.sink.store.dynamo;

import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import com.scalesense.sink.store.StoreUnavailableException;

/** Runs one conditional UpdateItem; a failed newer-only condition is the expected "stale input" outcome, not an error. */
final class Updater {

    private static final Logger LOG = LoggerFactory.getLogger(Updater.class);

    private final DynamoDbClient client;
    private final WriteMeter meter;

    Updater(DynamoDbClient client, WriteMeter meter) {
        this.client = client;
        this.meter = meter;
    }

    /** @return false when the condition failed (newer data is already stored) */
    boolean update(String table, Map<String, AttributeValue> key, UpdateBuilder b, int indexWrites) {
        // A failed condition is billed like a write of the item (DynamoDB Developer Guide), so count it either way.
        meter.item(b.estimatedBytes(key), false, indexWrites);
        try {
            var response = client.updateItem(r -> r.tableName(table).key(key).updateExpression(b.expression())
                    .conditionExpression(b.condition()).expressionAttributeNames(b.names())
                    .expressionAttributeValues(b.values()).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
            if (response.consumedCapacity() != null) {
                meter.reported(response.consumedCapacity().capacityUnits());
            }
            return true;
        } catch (ConditionalCheckFailedException stale) {
            LOG.debug("Kept newer {} {}: {}", table, key, stale.getMessage());
            return false;
        } catch (SdkException e) {
            throw StoreFailures.of("UpdateItem " + table, e);
        }
    }
}
