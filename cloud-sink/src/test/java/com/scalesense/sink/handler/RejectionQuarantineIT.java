package com.scalesense.sink.handler;

import static com.scalesense.sink.testing.Batches.T0;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.scalesense.protocol.WireCodec;
import com.scalesense.sink.rejection.RejectionMetrics;
import com.scalesense.sink.store.dynamo.DynamoRejections;
import com.scalesense.sink.testing.Batches;
import com.scalesense.sink.testing.SinkHarness;
import com.scalesense.sink.testing.WithLocalDynamo;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 13 classes 7 and 8: a rejected message was one ERROR log line carrying the message's own
 * control and bidi characters (a {@code \n} in an id forged a log line), with no metric, no alarm
 * and nothing an operator could query. Now it is kept in the quarantine, escaped, and counted.
 */
class RejectionQuarantineIT extends WithLocalDynamo {

    private static final Instant NOW = Instant.ofEpochMilli(T0 + 600_000);


    @Test
    void keeps_counts_and_escapes_a_rejected_message() throws Exception {
        // given the production router over DynamoDB Local, metrics printed to a buffer
        var sink = new SinkHarness(dynamo, NOW);
        var emf = new ByteArrayOutputStream();
        var quarantine = new DynamoRejections(dynamo.client(), sink.names);
        var handler = new SqsBatchHandler(new MessageRouter(WireCodec.forRuleEvents(), sink.service(), sink.clock, quarantine,
                new RejectionMetrics(new PrintStream(emf, true, StandardCharsets.UTF_8))));
        String forged = "keg-20260318-007\nINFO forged line \u202Egnp.exe";
        String body = Messages.batchEvent(Batches.of(Batches.series(T0, 2, 60, 1)), Batches.DEVICE_ID)
                .replace("\"keg_id\":\"" + Batches.KEG_ID + "\"", "\"keg_id\":\"" + forged.replace("\n", "\\n") + "\"");
        assertThat(body).contains("forged line");

        // when a batch whose keg_id carries a newline and a right-to-left override arrives
        var response = handler.handleRequest(Messages.sqsEvent(body), null);

        // then it is acknowledged (never retried), kept once, escaped, and counted under its rule
        assertThat(response.getBatchItemFailures()).isEmpty();
        var kept = quarantine.recent(Batches.DEVICE_ID, 10);
        assertThat(kept).singleElement().satisfies(r -> {
            assertThat(r.rule()).isEqualTo("invalid");
            assertThat(r.receivedAt()).isEqualTo(NOW);
            assertThat(r.payloadBytes()).isEqualTo(body.getBytes(StandardCharsets.UTF_8).length);
            assertThat(r.payloadSha256()).hasSize(64);
            assertThat(r.reason()).contains("keg_id").containsIgnoringCase("\\u000A").doesNotContain("\n", "\u202E");
            assertThat(r.excerpt()).startsWith("{\"topic\":\"scalesense/v1/SCALE-0042/batches\"")
                    .doesNotContain("\n", "\u202E");
        });
        var metric = new ObjectMapper().readTree(emf.toString(StandardCharsets.UTF_8).strip());
        assertThat(metric.get("Rule").asText()).isEqualTo("invalid");
        assertThat(metric.get("Rejections").asInt()).isEqualTo(1);
        assertThat(metric.at("/_aws/CloudWatchMetrics/0/Namespace").asText()).isEqualTo("ScaleSense/Sink");
        assertThat(metric.at("/_aws/Timestamp").asLong()).isEqualTo(NOW.toEpochMilli());
    }

    @Test
    void keeps_nothing_and_counts_nothing_for_a_valid_message() {
        var sink = new SinkHarness(dynamo, NOW);
        var emf = new ByteArrayOutputStream();
        var quarantine = new DynamoRejections(dynamo.client(), sink.names);
        var handler = new SqsBatchHandler(new MessageRouter(WireCodec.forRuleEvents(), sink.service(), sink.clock, quarantine,
                new RejectionMetrics(new PrintStream(emf, true, StandardCharsets.UTF_8))));

        handler.handleRequest(Messages.sqsEvent(Messages.batchEvent(Batches.of(Batches.series(T0, 2, 60, 1)), Batches.DEVICE_ID)), null);

        assertThat(quarantine.recent(Batches.DEVICE_ID, 10)).isEmpty();
        assertThat(emf.size()).isZero();
    }
}
