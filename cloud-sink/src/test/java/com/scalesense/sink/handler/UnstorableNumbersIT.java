package com.scalesense.sink.handler;

import static com.scalesense.sink.testing.Batches.T0;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scalesense.protocol.Reading;
import com.scalesense.protocol.ReadingsBatch;
import com.scalesense.protocol.WireCodec;
import com.scalesense.sink.store.UnstorableMessageException;
import com.scalesense.sink.testing.Batches;
import com.scalesense.sink.testing.SinkHarness;
import com.scalesense.sink.testing.WithLocalDynamo;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 13 classes 1 and 2, on DynamoDB Local: a number DynamoDB cannot store (1e126, 1e-131)
 * was wrapped as StoreUnavailableException, retried until the DLQ, and at reading 26 or later
 * left the first 25 device_readings items behind. Now it is a permanent rejection found before
 * the first write.
 */
class UnstorableNumbersIT extends WithLocalDynamo {

    private static ReadingsBatch withWeightAt(int index, double weightLbs, int count) {
        List<Reading> readings = new ArrayList<>(Batches.series(T0, count, 60, 0.5));
        Reading r = readings.get(index);
        readings.set(index, new Reading(r.timestampMs(), r.levelPct(), r.gallons(), weightLbs, r.pintsLeft(),
                r.pourRateGph(), r.hoursRemaining(), r.batteryV(), r.batteryPct(), r.temperatureC(),
                r.sensorStatus(), r.clockSynced(), r.kegState(), r.tareStatus()));
        return Batches.of(readings);
    }


    @Test
    void rejects_batch_whose_26th_reading_dynamodb_cannot_store_without_retry_or_leftover_items() {
        // given a 30-reading batch whose reading 26 weighs 1e126 lb (above DynamoDB's < 1E+126)
        var sink = new SinkHarness(dynamo, Instant.ofEpochMilli(T0 + 3_600_000));
        var handler = new SqsBatchHandler(new MessageRouter(WireCodec.forRuleEvents(), sink.service()));
        var before = sink.dump();

        // when it arrives through the queue
        var response = handler.handleRequest(Messages.sqsEvent(Messages.batchEvent(withWeightAt(25, 1e126, 30),
                Batches.DEVICE_ID)), null);

        // then it is not returned for retry (no outage) and not one item was written
        assertThat(response.getBatchItemFailures()).isEmpty();
        assertThat(sink.differencesFrom(before)).isEmpty();
    }

    @Test
    void dynamodb_validation_error_during_a_write_is_a_permanent_rejection() {
        // given a store asked to write, without the pre-write check, a number DynamoDB refuses
        var sink = new SinkHarness(dynamo, Instant.ofEpochMilli(T0 + 3_600_000));
        // then DynamoDB's ValidationException is a rejection, not StoreUnavailableException (retry)
        assertThatThrownBy(() -> sink.store.putReadings(withWeightAt(0, 1e-131, 2)))
                .isInstanceOf(UnstorableMessageException.class).hasMessageContaining("can never be stored");
    }

    @Test
    void pre_write_check_names_the_attribute_value_and_limit() {
        var sink = new SinkHarness(dynamo, Instant.ofEpochMilli(T0 + 3_600_000));
        assertThatThrownBy(() -> sink.store.requireStorable(withWeightAt(3, 1e-131, 5)))
                .isInstanceOf(UnstorableMessageException.class)
                .hasMessageContaining("sensors.weight_lbs").hasMessageContaining("1E-131")
                .hasMessageContaining("DynamoDB number range");
    }
}
