package com.scalesense.sink.ingest;

import static com.scalesense.sink.testing.Batches.T0;
import static org.assertj.core.api.Assertions.assertThat;

import com.scalesense.protocol.Reading;
import com.scalesense.protocol.SensorStatus;
import com.scalesense.sink.testing.Batches;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PayloadHashTest {

    private static Reading withStatus(Map<String, SensorStatus> status) {
        var r = Batches.reading(T0, 60, 80);
        return new Reading(r.timestampMs(), r.levelPct(), r.gallons(), r.weightLbs(), r.pintsLeft(), r.pourRateGph(),
                r.hoursRemaining(), r.batteryV(), r.batteryPct(), r.temperatureC(), status, true, r.kegState(), r.tareStatus());
    }

    @Test
    void hash_does_not_depend_on_sensor_map_order() {
        // Map.copyOf iterates in a per-JVM order: two Lambda instances must still agree.
        Map<String, SensorStatus> ab = new LinkedHashMap<>();
        ab.put("hx711", SensorStatus.OK);
        ab.put("max17048", SensorStatus.OK);
        Map<String, SensorStatus> ba = new LinkedHashMap<>();
        ba.put("max17048", SensorStatus.OK);
        ba.put("hx711", SensorStatus.OK);

        assertThat(PayloadHash.of(Batches.of(List.of(withStatus(ab)))))
                .isEqualTo(PayloadHash.of(Batches.of(List.of(withStatus(ba)))));
    }

    @Test
    void hash_changes_when_a_level_changes() {
        assertThat(PayloadHash.of(Batches.of(List.of(Batches.reading(T0, 60, 80)))))
                .isNotEqualTo(PayloadHash.of(Batches.of(List.of(Batches.reading(T0, 61, 80)))));
    }
}
