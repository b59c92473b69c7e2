package com.scalesense.sink.ingest;

import static com.scalesense.sink.testing.Batches.T0;
import static org.assertj.core.api.Assertions.assertThat;

import com.scalesense.protocol.BootRegistration;
import com.scalesense.protocol.Capabilities;
import com.scalesense.protocol.DeviceCommand;
import com.scalesense.protocol.MessageValidator;
import com.scalesense.protocol.Timestamps;
import com.scalesense.sink.store.ConnectionChange;
import com.scalesense.sink.testing.Batches;
import com.scalesense.sink.testing.RecordingCommands;
import com.scalesense.sink.testing.SinkHarness;
import com.scalesense.sink.testing.WithLocalDynamo;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Issue 18: a scale learns its location's low-keg rule ({@code set_low_keg}) when it registers and
 * when it connects, so it can send the readings the low_keg alert waits for at once.
 */
class LowKegRuleIT extends WithLocalDynamo {

    private static final String UPDATED_AT = "2026-11-20T09:30:00Z";

    private static BootRegistration registration() {
        return new BootRegistration(1, Batches.HARDWARE_ID, Batches.DEVICE_ID, Batches.BOOT_ID, "1.0.16",
                Batches.LOC_ID, Batches.TAP_ID, new Capabilities(List.of("hx711"), Map.of()), T0, true);
    }

    @Test
    void a_registering_and_a_connecting_scale_is_sent_its_locations_rule_as_one_command() {
        var sink = new SinkHarness(dynamo, Instant.ofEpochMilli(T0));
        sink.settings(Batches.LOC_ID, Map.of("low_keg_pct", AttributeValue.fromN("20"),
                "grace_period_secs", AttributeValue.fromN("600"), "updated_at", AttributeValue.fromS(UPDATED_AT)));
        var commands = new RecordingCommands();
        var service = sink.service(s -> s, commands);

        service.register(registration(), Batches.DEVICE_ID);
        service.connection(new ConnectionChange(Batches.DEVICE_ID, true, T0 + 1_000, 1, null));

        long version = Instant.parse(UPDATED_AT).toEpochMilli();
        assertThat(commands.sent()).extracting(RecordingCommands.Sent::deviceId)
                .containsExactly(Batches.DEVICE_ID, Batches.DEVICE_ID);
        DeviceCommand sent = commands.sent().get(0).command();
        assertThat(commands.sent().get(1).command()).as("the same command: applied once per boot").isEqualTo(sent);
        assertThat(sent.type()).isEqualTo("set_low_keg");
        assertThat(sent.args()).containsExactlyInAnyOrderEntriesOf(Map.of("low_keg_pct", "20", "grace_period_secs", "600"));
        assertThat(sent.issuedAtMs()).isEqualTo(version);
        assertThat(sent.commandId()).isEqualTo("lowkeg-" + version);
        assertThat(new MessageValidator().check(sent)).isEmpty();
    }

    @Test
    void a_location_without_settings_sends_the_defaults_as_the_oldest_version_and_a_refusing_broker_fails_nothing() {
        var sink = new SinkHarness(dynamo, Instant.ofEpochMilli(T0));
        var commands = new RecordingCommands();
        var service = sink.service(s -> s, commands);

        service.register(registration(), Batches.DEVICE_ID);
        commands.refusing = true;
        service.register(registration(), Batches.DEVICE_ID);

        assertThat(commands.sent()).hasSize(1);
        DeviceCommand sent = commands.sent().get(0).command();
        assertThat(sent.args()).containsExactlyInAnyOrderEntriesOf(Map.of("low_keg_pct", "15", "grace_period_secs", "900"));
        assertThat(sent.issuedAtMs()).as("never replaces a version the scale holds").isEqualTo(Timestamps.MIN_MS);
        assertThat(sink.dump().get("devices | " + Batches.HARDWARE_ID)).as("registered all the same").isNotNull();
    }
}
