package com.scalesense.sink.handler;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.scalesense.protocol.SafeText;
import com.scalesense.sink.store.StoreUnavailableException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Entry point for an SQS queue between the IoT Rule (SQS action, same SQL as
 * {@link IotRuleHandler}) and the function, with ReportBatchItemFailures enabled. Only messages
 * that failed for a transient reason (DynamoDB unavailable or throttled) are reported back, so
 * SQS redelivers those alone. Poison messages (malformed, invalid, another device's, reused
 * batch_id) are logged with their reason and acknowledged: they never cause a retry storm. A
 * message whose failure never heals reaches the queue's own dead-letter queue after its
 * maxReceiveCount (set in the deploy template).
 */
public final class SqsBatchHandler implements RequestHandler<SQSEvent, SQSBatchResponse> {

    private static final Logger LOG = LoggerFactory.getLogger(SqsBatchHandler.class);

    private final MessageRouter router;

    public SqsBatchHandler() {
        this(SinkWiring.router(SinkWiring.store(System.getenv()), System.getenv()));
    }

    public SqsBatchHandler(MessageRouter router) {
        this.router = router;
    }

    @Override
    public SQSBatchResponse handleRequest(SQSEvent event, Context context) {
        List<SQSBatchResponse.BatchItemFailure> failures = new ArrayList<>();
        for (SQSEvent.SQSMessage m : event.getRecords()) {
            try {
                String body = m.getBody() == null ? "" : m.getBody();
                router.route(body.getBytes(StandardCharsets.UTF_8));
            } catch (StoreUnavailableException e) {
                LOG.warn("Message {} will be retried: {}", m.getMessageId(), SafeText.bounded(e.getMessage(), 1000));
                failures.add(new SQSBatchResponse.BatchItemFailure(m.getMessageId()));
            }
        }
        return new SQSBatchResponse(failures);
    }
}
