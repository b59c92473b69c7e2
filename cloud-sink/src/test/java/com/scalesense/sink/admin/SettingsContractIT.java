package com.scalesense.sink.admin;

import static org.assertj.core.api.Assertions.assertThat;

import com.scalesense.sink.query.DeviceQueries;
import com.scalesense.sink.testing.Batches;
import com.scalesense.sink.testing.SinkHarness;
import com.scalesense.sink.testing.WithLocalDynamo;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The settings item is written here and read by ingestion: settings saved through
 * {@link LocationSettingsStore} must change what ingestion does, end to end.
 */
class SettingsContractIT extends WithLocalDynamo {

    @Test
    void thresholds_and_grace_period_saved_by_the_admin_drive_ingestions_alerts() {
        // given loc-001 alerting below 50 % keg and 85 % battery, with a 2-minute grace period
        SinkHarness sink = new SinkHarness(dynamo, Instant.ofEpochMilli(Batches.T0 + 1_000));
        new LocationSettingsStore(dynamo.client(), sink.names, sink.clock).put("loc-001", new LocationProfile(
                "Demo", ZoneId.of("America/Chicago"), LocalTime.of(4, 0), 120, 50, 85, 900, 6));

        // when a reading at 45 % level and 80 % battery arrives (defaults 15 % / 20 % would ignore it)
        sink.service().ingest(Batches.of(List.of(Batches.reading(Batches.T0, 45, 80))), Batches.DEVICE_ID);

        // then the low keg grace period runs for 120 s and the scale is in the low battery index
        var firing = sink.item("FIRING#" + Batches.TAP_ID, "low_keg");
        assertThat(firing).isNotNull();
        assertThat(Long.parseLong(firing.get("expires_at").n())).isEqualTo(Batches.T0 / 1000 + 120);
        assertThat(new DeviceQueries(dynamo.client(), sink.names).lowBatteryDevices("loc-001"))
                .extracting(i -> i.string("PK")).containsExactly("DEVICE#" + Batches.DEVICE_ID);
    }
}
