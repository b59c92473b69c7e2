package com.scalesense.sink.store.dynamo;

import com.scalesense.protocol.Violation;
import com.scalesense.sink.SinkException;
import com.scalesense.sink.store.StoreUnavailableException;
import com.scalesense.sink.store.UnstorableMessageException;
import java.util.List;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkException;

/**
 * Sorts a failed DynamoDB call into transient (retry the delivery) or permanent (reject the
 * message). Only a {@code ValidationException} is the message's fault: DynamoDB refused what it
 * was given (a number it cannot store, an item over 400 KB), and the same bytes fail the same
 * way forever. Throttling, 5xx and client timeouts are transient; so, on purpose, are access and
 * missing-table errors: those are deployment faults, and dropping the message would lose data.
 */
final class StoreFailures {

    private static final String VALIDATION = "ValidationException";

    private StoreFailures() {
    }

    static SinkException of(String operation, SdkException e) {
        if (e instanceof AwsServiceException a && a.awsErrorDetails() != null
                && VALIDATION.equals(a.awsErrorDetails().errorCode())) {
            return refused(operation, a.awsErrorDetails().errorMessage());
        }
        return new StoreUnavailableException(operation, e);
    }

    static UnstorableMessageException refused(String operation, String why) {
        return new UnstorableMessageException(operation, List.of(new Violation("$", null,
                "DynamoDB refused it (" + why + "): it can never be stored")));
    }
}
