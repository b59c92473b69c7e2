package com.scalesense.sink.store.dynamo;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/** Builds transaction items and counts each one's write units (transactional: double) on the meter. */
final class Metered {

    private final WriteMeter meter;

    Metered(WriteMeter meter) {
        this.meter = meter;
    }

    TransactWriteItem put(String table, Map<String, AttributeValue> item, String condition,
                          Map<String, AttributeValue> values) {
        return put(table, item, condition, values, 0);
    }

    TransactWriteItem put(String table, Map<String, AttributeValue> item, String condition,
                          Map<String, AttributeValue> values, int indexWrites) {
        meter.item(ItemSize.bytes(item), true, indexWrites);
        return TransactWriteItem.builder().put(p -> {
            p.tableName(table).item(item);
            if (condition != null) {
                p.conditionExpression(condition)
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD);
                if (!values.isEmpty()) {
                    p.expressionAttributeValues(values);
                }
            }
        }).build();
    }

    TransactWriteItem delete(String table, Map<String, AttributeValue> key, String condition,
                             Map<String, AttributeValue> values) {
        meter.item(ItemSize.bytes(key), true);
        return TransactWriteItem.builder().delete(d -> d.tableName(table).key(key).conditionExpression(condition)
                .expressionAttributeValues(values)).build();
    }

    TransactWriteItem update(String table, Map<String, AttributeValue> key, UpdateBuilder b) {
        meter.item(b.estimatedBytes(key), true);
        return TransactWriteItem.builder().update(u -> {
            u.tableName(table).key(key).updateExpression(b.expression()).expressionAttributeNames(b.names())
                    .expressionAttributeValues(b.values());
            if (b.condition() != null) {
                u.conditionExpression(b.condition());
            }
        }).build();
    }
}
