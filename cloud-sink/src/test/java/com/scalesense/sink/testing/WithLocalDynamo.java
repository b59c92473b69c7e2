package com.scalesense.sink.testing;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** One in-process DynamoDB Local per test class; tests isolate themselves with fresh table prefixes. */
public abstract class WithLocalDynamo {

    protected static LocalDynamo dynamo;

    @BeforeAll
    static void startDynamo() {
        dynamo = LocalDynamo.start();
    }

    @AfterAll
    static void stopDynamo() {
        dynamo.close();
    }
}
