package com.scalesense.sink.tables;

/** DynamoDB scalar types used by our keys: string and number. */
public enum AttrType {
    S,
    N
}
