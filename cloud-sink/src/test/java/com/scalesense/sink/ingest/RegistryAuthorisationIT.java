package com.scalesense.sink.ingest;

import static com.scalesense.sink.testing.Batches.T0;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scalesense.protocol.BootRegistration;
import com.scalesense.protocol.Capabilities;
import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.ReadingsBatch;
import com.scalesense.protocol.TareStatus;
import com.scalesense.sink.RejectedMessageException;
import com.scalesense.sink.testing.Batches;
import com.scalesense.sink.testing.SinkHarness;
import com.scalesense.sink.testing.WithLocalDynamo;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Issue 13 class 3: a scale writes only its own bar's data. Before, only the topic's device_id and
 * the devices row's hardware binding were checked, so a registered scale could overwrite another
 * bar's tap state, write into another bar's keg history, tare another bar's keg (moving the beer
 * library's full_lbs), and a new device_id could claim a MAC an administrator had registered.
 */
class RegistryAuthorisationIT extends WithLocalDynamo {

    private static final String OTHER_LOC = "loc-002";
    private static final String OTHER_TAP = "loc-002#TAP#01";
    private static final String OTHER_KEG = "keg-20261101-b2c3";
    private static final Capabilities CAPS = new Capabilities(List.of("hx711"), Map.of());

    private SinkHarness bars() {
        var sink = new SinkHarness(dynamo, Instant.ofEpochMilli(T0 + 600_000));
        sink.registerDevice("SCALE-0077", "AA:BB:CC:DD:EE:77", OTHER_LOC, OTHER_TAP);
        sink.keg(OTHER_KEG, OTHER_LOC, OTHER_TAP);
        return sink;
    }

    private static ReadingsBatch batch(String locId, String tapId, String kegId, List<DeviceEvent> events) {
        var b = Batches.of(Batches.series(T0, 3, 60, 1), events);
        return new ReadingsBatch(b.schemaVersion(), b.hardwareId(), b.deviceId(), b.bootId(), b.firmwareVersion(),
                b.batchId(), locId, tapId, kegId, b.readings(), b.events());
    }

    private static void assertRejected(Runnable ingest, String rule, SinkHarness sink) {
        var before = sink.dump();
        assertThatThrownBy(ingest::run).isInstanceOfSatisfying(RejectedMessageException.class,
                e -> assertThat(e.rule()).isEqualTo(rule));
        assertThat(sink.differencesFrom(before)).as("nothing written").isEmpty();
    }

    @Test
    void rejects_batch_naming_another_bars_location_and_tap() {
        // given SCALE-0042 registered on loc-001 tap 07, and another bar loc-002
        var sink = bars();
        // when it sends a batch naming loc-002's tap 01, then it is refused and that bar's TAP#01#STATE is untouched
        assertRejected(() -> sink.service().ingest(batch(OTHER_LOC, OTHER_TAP, null, List.of()), Batches.DEVICE_ID),
                Authorisation.LOCATION, sink);
    }

    @Test
    void rejects_batch_naming_another_tap_of_its_own_location() {
        var sink = bars();
        assertRejected(() -> sink.service().ingest(batch(Batches.LOC_ID, "loc-001#TAP#03", null, List.of()),
                Batches.DEVICE_ID), Authorisation.TAP, sink);
    }

    @Test
    void rejects_batch_naming_another_bars_keg() {
        // guards: the packed history item READINGS#keg#<other bar's keg> was written
        var sink = bars();
        assertRejected(() -> sink.service().ingest(batch(Batches.LOC_ID, Batches.TAP_ID, OTHER_KEG, List.of()),
                Batches.DEVICE_ID), Authorisation.KEG, sink);
    }

    @Test
    void rejects_tare_of_another_bars_keg_and_leaves_the_beer_library_alone() {
        // guards: KEG#<other>/TARE was created and BEER#/KEG# full_lbs moved for every bar
        var sink = bars();
        sink.dynamo.client().putItem(b -> b.tableName(sink.names.scaleSense()).item(Map.of(
                "PK", AttributeValue.fromS("KEG#" + OTHER_KEG), "SK", AttributeValue.fromS("META"),
                "loc_id", AttributeValue.fromS(OTHER_LOC), "beer_id", AttributeValue.fromS("guinness-draught"))));
        var tare = new DeviceEvent.Tare(T0 + 60_000, true, "full", OTHER_KEG, "half_barrel", null, 175.0,
                TareStatus.COMPLETE);
        assertRejected(() -> sink.service().ingest(batch(Batches.LOC_ID, Batches.TAP_ID, Batches.KEG_ID, List.of(tare)),
                Batches.DEVICE_ID), Authorisation.KEG, sink);
        assertThat(sink.item("KEG#" + OTHER_KEG, "TARE")).isNull();
        assertThat(sink.item("BEER#guinness-draught", "KEG#half_barrel")).isNull();
    }

    @Test
    void rejects_batch_of_an_unregistered_device() {
        var sink = bars();
        var b = Batches.of("AA:BB:CC:DD:EE:43", "SCALE-0043", Batches.series(T0, 2, 60, 1), List.of());
        assertRejected(() -> sink.service().ingest(b, "SCALE-0043"), Authorisation.UNREGISTERED, sink);
    }

    @Test
    void new_device_cannot_claim_a_mac_registered_to_a_scale_that_has_not_booted() {
        // given an administrator registered SCALE-0042 with its MAC; the scale has not booted yet
        var sink = bars();
        var hijack = new BootRegistration(1, Batches.HARDWARE_ID, "SCALE-0043", Batches.BOOT_ID, "1.0.16",
                Batches.LOC_ID, Batches.TAP_ID, CAPS, T0, true);
        // when SCALE-0043 registers first with that MAC, then it is refused and nothing is written
        assertRejected(() -> sink.service().register(hijack, "SCALE-0043"), Authorisation.UNREGISTERED, sink);
        // and the real scale still registers afterwards
        sink.service().register(new BootRegistration(1, Batches.HARDWARE_ID, Batches.DEVICE_ID, Batches.BOOT_ID,
                "1.0.16", Batches.LOC_ID, Batches.TAP_ID, CAPS, T0 + 1_000, true), Batches.DEVICE_ID);
        assertThat(sink.dynamo.client().getItem(g -> g.tableName(sink.names.devices())
                .key(Map.of("hardware_id", AttributeValue.fromS(Batches.HARDWARE_ID)))).item().get("device_id").s())
                .isEqualTo(Batches.DEVICE_ID);
    }

    @Test
    void rejects_registration_with_another_mac_or_tap_than_registered() {
        var sink = bars();
        var otherMac = new BootRegistration(1, "AA:BB:CC:DD:EE:99", Batches.DEVICE_ID, Batches.BOOT_ID, "1.0.16",
                Batches.LOC_ID, Batches.TAP_ID, CAPS, T0, true);
        assertRejected(() -> sink.service().register(otherMac, Batches.DEVICE_ID), Authorisation.HARDWARE, sink);
        var otherTap = new BootRegistration(1, Batches.HARDWARE_ID, Batches.DEVICE_ID, Batches.BOOT_ID, "1.0.16",
                OTHER_LOC, OTHER_TAP, CAPS, T0, true);
        assertRejected(() -> sink.service().register(otherTap, Batches.DEVICE_ID), Authorisation.LOCATION, sink);
    }

    @Test
    void accepts_batch_of_its_own_tap_and_keg() {
        var sink = bars();
        assertThat(sink.service().ingest(batch(Batches.LOC_ID, Batches.TAP_ID, Batches.KEG_ID, List.of()),
                Batches.DEVICE_ID)).isEqualTo(IngestResult.ACCEPTED);
        assertThat(sink.item("LOCATION#" + Batches.LOC_ID, "TAP#07#STATE")).isNotNull();
    }
}
