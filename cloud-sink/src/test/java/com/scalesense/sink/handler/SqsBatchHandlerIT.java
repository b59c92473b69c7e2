package com.scalesense.sink.handler;

import static com.scalesense.sink.testing.Batches.INTERVAL_MS;
import static com.scalesense.sink.testing.Batches.T0;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.scalesense.protocol.ReadingsBatch;
import com.scalesense.protocol.WireCodec;
import com.scalesense.sink.store.SinkStore;
import com.scalesense.sink.store.StoreUnavailableException;
import com.scalesense.sink.testing.Batches;
import com.scalesense.sink.testing.CrashingStore;
import com.scalesense.sink.testing.WithLocalDynamo;
import com.scalesense.sink.testing.SinkHarness;
import java.lang.reflect.Proxy;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SqsBatchHandlerIT extends WithLocalDynamo {



    private static SQSEvent event(String... bodies) {
        List<SQSEvent.SQSMessage> records = new ArrayList<>();
        for (int i = 0; i < bodies.length; i++) {
            var m = new SQSEvent.SQSMessage();
            m.setMessageId("m" + i);
            m.setBody(bodies[i]);
            records.add(m);
        }
        var e = new SQSEvent();
        e.setRecords(records);
        return e;
    }

    /** A store whose putReadings is throttled for one batch: the transient fault DynamoDB Local never raises. */
    private static SinkStore throttledFor(SinkStore real, String batchId) {
        return (SinkStore) Proxy.newProxyInstance(SinkStore.class.getClassLoader(), new Class<?>[] {SinkStore.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("putReadings") && ((ReadingsBatch) args[0]).batchId().equals(batchId)) {
                        throw new StoreUnavailableException("BatchWriteItem", new IllegalStateException("throttled"));
                    }
                    try {
                        return method.invoke(real, args);
                    } catch (java.lang.reflect.InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    @Test
    void reports_only_the_transiently_failed_message_and_acknowledges_poison() {
        var sink = new SinkHarness(dynamo, Instant.ofEpochMilli(T0 + 600_000));
        var good = Batches.of(Batches.series(T0, 2, 60, 1));
        var unlucky = Batches.of(Batches.series(T0 + 5 * INTERVAL_MS, 2, 58, 1));
        var handler = new SqsBatchHandler(new MessageRouter(WireCodec.forRuleEvents(),
                sink.service(s -> throttledFor(s, unlucky.batchId()))));

        SQSBatchResponse response = handler.handleRequest(event(
                Messages.batchEvent(good, Batches.DEVICE_ID),
                "{not json",
                Messages.batchEvent(unlucky, Batches.DEVICE_ID),
                Messages.batchEvent(good, "SCALE-0043")), null);

        assertThat(response.getBatchItemFailures()).extracting(SQSBatchResponse.BatchItemFailure::getItemIdentifier)
                .containsExactly("m2");
        assertThat(sink.dump().keySet()).filteredOn(k -> k.startsWith("processed_batches"))
                .containsExactly("processed_batches | " + good.batchId());
    }

    @Test
    void redelivered_message_after_a_crash_is_acknowledged_and_counted_once() {
        var sink = new SinkHarness(dynamo, Instant.ofEpochMilli(T0 + 600_000));
        var batch = Batches.of(Batches.series(T0, 2, 60, 1), List.of(Batches.pour(T0 + 1_000, 16)));
        var body = Messages.batchEvent(batch, Batches.DEVICE_ID);
        var crashing = new SqsBatchHandler(new MessageRouter(WireCodec.forRuleEvents(),
                // write steps without a tare: readings, tap state, telemetry, device row, commit (5th)
                sink.service(s -> new CrashingStore(s, 5))));
        // The Lambda dies after its commit, before SQS hears back: SQS redelivers the message.
        assertThatThrownBy(() -> crashing.handleRequest(event(body), null)).isInstanceOf(CrashingStore.Crash.class);

        var response = new SqsBatchHandler(new MessageRouter(WireCodec.forRuleEvents(), sink.service())).handleRequest(event(body), null);

        assertThat(response.getBatchItemFailures()).isEmpty();
        assertThat(sink.item("LOCATION#loc-001", "DAY#2026-11-21#TAP#07").get("pours").n()).isEqualTo("1");
    }
}
