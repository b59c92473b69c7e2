package com.scalesense.sink.handler;

import static com.scalesense.sink.testing.Batches.INTERVAL_MS;
import static com.scalesense.sink.testing.Batches.T0;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.scalesense.protocol.BootRegistration;
import com.scalesense.protocol.Capabilities;
import com.scalesense.protocol.ReadingsBatch;
import com.scalesense.protocol.Topics;
import com.scalesense.protocol.WireCodec;
import com.scalesense.sink.testing.Batches;
import com.scalesense.sink.testing.WithLocalDynamo;
import com.scalesense.sink.testing.SinkHarness;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every malformed or hostile message is rejected with a logged reason, and nothing at all is written. */
class HostilePayloadsIT extends WithLocalDynamo {



    private static String valid() {
        return Messages.batchEvent(Batches.of(Batches.series(T0, 3, 60, 1)), Batches.DEVICE_ID);
    }

    private static String topic() {
        return Topics.batches(Batches.DEVICE_ID);
    }

    private static ReadingsBatch withIds(String hardwareId, String bootId, String batchId) {
        var b = Batches.of(Batches.series(T0, 3, 60, 1));
        return new ReadingsBatch(b.schemaVersion(), hardwareId, b.deviceId(), bootId, b.firmwareVersion(), batchId,
                b.locId(), b.tapId(), b.kegId(), b.readings(), b.events());
    }

    static Stream<Arguments> corpus() {
        List<Arguments> c = new ArrayList<>();
        c.add(Arguments.of("not json", "well-formed JSON", "garbage"));
        c.add(Arguments.of("empty body", "must be one JSON object, was empty", ""));
        c.add(Arguments.of("json array", "must be one JSON object, was array", "[1,2,3]"));
        c.add(Arguments.of("no topic", "topic = null", Messages.json(Batches.of(Batches.series(T0, 1, 60, 1)))));
        c.add(Arguments.of("topic of another kind", "must end in /batches", valid().replace("/batches\"", "/commands\"")));
        c.add(Arguments.of("topic of another root", "topic must start with", valid().replace("scalesense/v1/", "other/v1/")));
        c.add(Arguments.of("device in topic is not the payload's", "a device cannot write for another", valid().replace(topic(), Topics.batches("SCALE-0043"))));
        c.add(Arguments.of("readings of wrong type", "readings", valid().replaceFirst("\"readings\":\\[", "\"readings\":\"lots\",\"x\":[")));
        c.add(Arguments.of("hardware_id missing", "hardware_id = null", valid().replace("\"hardware_id\":\"" + Batches.HARDWARE_ID + "\",", "")));
        c.add(Arguments.of("NaN level", "NaN", valid().replaceFirst("\"level_pct\":60(\\.0)?", "\"level_pct\":NaN")));
        c.add(Arguments.of("level as text", "level_pct", valid().replaceFirst("\"level_pct\":60(\\.0)?", "\"level_pct\":\"60\"")));
        c.add(Arguments.of("duplicate key", "Duplicate field 'device_id'", valid().replaceFirst("\\{\"topic\"", "{\"device_id\":\"SCALE-0042\",\"topic\"")
                .replaceFirst("\"device_id\":\"SCALE-0042\"", "\"device_id\":\"SCALE-0042\",\"device_id\":\"SCALE-0099\"")));
        c.add(Arguments.of("schema version 2", "schema_version", valid().replace("\"schema_version\":1", "\"schema_version\":2")));
        c.add(Arguments.of("200 readings", "200 readings", Messages.batchEvent(Batches.of(Batches.series(T0, 200, 99, 0.1)), Batches.DEVICE_ID)));
        c.add(Arguments.of("zero readings", "0 readings", Messages.batchEvent(new ReadingsBatch(1, Batches.HARDWARE_ID, Batches.DEVICE_ID,
                Batches.BOOT_ID, "1.0.16", Batches.HARDWARE_ID + "_" + Batches.BOOT_ID + "_" + T0 + "_" + T0,
                Batches.LOC_ID, Batches.TAP_ID, null, List.of(), List.of()), Batches.DEVICE_ID)));
        c.add(Arguments.of("129 KB", "must be at most 131072 bytes from the device", valid().replace("{\"topic\"", "{\"pad\":\"" + "x".repeat(129 * 1024) + "\",\"topic\"")));
        String lower = "aa:bb:cc:dd:ee:01";
        c.add(Arguments.of("hardware_id not a MAC", "hardware_id = aa:bb:cc:dd:ee:01", Messages.batchEvent(withIds(lower, Batches.BOOT_ID,
                lower + "_" + Batches.BOOT_ID + "_" + T0 + "_" + (T0 + 2 * INTERVAL_MS)), Batches.DEVICE_ID)));
        String badBoot = "7c9e6679-7425-10de-944b-e07fc1f90ae7";
        c.add(Arguments.of("boot_id not a UUID v4", "boot_id = 7c9e6679-7425-10de", Messages.batchEvent(withIds(Batches.HARDWARE_ID, badBoot,
                Batches.HARDWARE_ID + "_" + badBoot + "_" + T0 + "_" + (T0 + 2 * INTERVAL_MS)), Batches.DEVICE_ID)));
        c.add(Arguments.of("batch_id of another device", "must be formed from this batch's hardware_id", Messages.batchEvent(withIds(Batches.HARDWARE_ID, Batches.BOOT_ID,
                "AA:BB:CC:DD:EE:99_" + Batches.BOOT_ID + "_" + T0 + "_" + (T0 + 2 * INTERVAL_MS)), Batches.DEVICE_ID)));
        c.add(Arguments.of("readings outside the window", "must lie in the batch window", Messages.batchEvent(withIds(Batches.HARDWARE_ID, Batches.BOOT_ID,
                Batches.HARDWARE_ID + "_" + Batches.BOOT_ID + "_" + T0 + "_" + (T0 + INTERVAL_MS)), Batches.DEVICE_ID)));
        var same = Batches.reading(T0, 60, 80);
        c.add(Arguments.of("duplicate timestamps", "strictly greater than the previous", Messages.batchEvent(Batches.of(List.of(same, same)), Batches.DEVICE_ID)));
        c.add(Arguments.of("deep nesting", "depth", valid().replace("{\"topic\"",
                "{\"deep\":" + "[".repeat(5000) + "]".repeat(5000) + ",\"topic\"")));
        var registration = new BootRegistration(1, Batches.HARDWARE_ID, Batches.DEVICE_ID, "not-a-uuid", "1.0.16",
                Batches.LOC_ID, Batches.TAP_ID, new Capabilities(List.of("hx711"), Map.of()), T0, true);
        c.add(Arguments.of("registration with bad boot_id", "boot_id = not-a-uuid",
                Messages.withTopic(Messages.json(registration), Topics.registration(Batches.DEVICE_ID))));
        var foreign = new BootRegistration(1, Batches.HARDWARE_ID, Batches.DEVICE_ID, Batches.BOOT_ID, "1.0.16",
                Batches.LOC_ID, Batches.TAP_ID, new Capabilities(List.of("hx711"), Map.of()), T0, true);
        c.add(Arguments.of("registration for another device", "a device cannot write for another",
                Messages.withTopic(Messages.json(foreign), Topics.registration("SCALE-0043"))));
        return c.stream();
    }

    @Test
    void rejects_batch_and_registration_naming_a_hardware_id_registered_to_another_device() throws Exception {
        var sink = new SinkHarness(dynamo, Instant.ofEpochMilli(T0 + 600_000));
        var caps = new Capabilities(List.of("hx711"), Map.of());
        sink.service().register(new BootRegistration(1, Batches.HARDWARE_ID, Batches.DEVICE_ID, Batches.BOOT_ID,
                "1.0.16", Batches.LOC_ID, Batches.TAP_ID, caps, T0, true), Batches.DEVICE_ID);
        var before = sink.dump();
        var handler = new IotRuleHandler(new MessageRouter(WireCodec.forRuleEvents(), sink.service()));
        // SCALE-0043 publishes on its own topic but claims SCALE-0042's MAC.
        var batch = Batches.of(Batches.HARDWARE_ID, "SCALE-0043", Batches.series(T0, 2, 60, 1), List.of());
        var hijack = new BootRegistration(1, Batches.HARDWARE_ID, "SCALE-0043", Batches.BOOT_ID, "1.0.16",
                Batches.LOC_ID, Batches.TAP_ID, caps, T0 + 1_000, true);

        for (String event : List.of(Messages.batchEvent(batch, "SCALE-0043"),
                Messages.withTopic(Messages.json(hijack), Topics.registration("SCALE-0043")))) {
            var out = new ByteArrayOutputStream();
            handler.handleRequest(new ByteArrayInputStream(Messages.bytes(event)), out, null);
            assertThat(new ObjectMapper().readTree(out.toByteArray()).get("reason").asText())
                    .contains("is registered to device_id SCALE-0042");
        }
        assertThat(sink.differencesFrom(before)).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void rejects_hostile_message_with_its_reason_and_writes_nothing(String name, String reason, String event)
            throws Exception {
        var sink = new SinkHarness(dynamo, Instant.ofEpochMilli(T0 + 600_000));
        var handler = new IotRuleHandler(new MessageRouter(WireCodec.forRuleEvents(), sink.service()));
        var out = new ByteArrayOutputStream();
        var before = sink.dump();

        handler.handleRequest(new ByteArrayInputStream(event.getBytes(StandardCharsets.UTF_8)), out, null);

        var response = new ObjectMapper().readTree(out.toByteArray());
        assertThat(response.get("outcome").asText()).isEqualTo("rejected");
        assertThat(response.get("reason").asText()).contains(reason);
        assertThat(sink.differencesFrom(before)).as("no table changed").isEmpty();
    }

    /** Cases of the generated corpus: a sample in every verify; -Pcorpus runs thousands (docs/cloud.md). */
    static final int CORPUS_CASES = Integer.getInteger("corpus.cases", 250);
    static final long CORPUS_SEED = Long.getLong("corpus.seed", 13L);

    @Test
    void generated_corpus_rejects_hostile_messages_cleanly_and_stores_valid_ones_exactly_once() {
        // guards every class of issue 13 owned by the sink: identity hijacks, unstorable numbers
        // (also at reading 26+), redeliveries, reordering, malformed input, escaping of reasons
        var tally = new CorpusRun(dynamo).run(CORPUS_SEED, CORPUS_CASES);

        System.out.println(tally.line(CORPUS_SEED, CORPUS_CASES));
        System.out.println("corpus failures by kind: " + CorpusRun.failures(tally));
        assertThat(tally.tried).isEqualTo(2 * CORPUS_CASES);
        assertThat(List.of(tally.wronglyAccepted(HostileCorpus.Half.SINK), tally.partialWrites, tally.crashes,
                tally.validRejected(HostileCorpus.Half.SINK), tally.duplicates, tally.unescaped))
                .as("wrongly accepted, partial writes, crashes, valid rejected, duplicates, unescaped: "
                        + CorpusRun.failures(tally)).containsOnly(0);
        assertThat(tally.rejected).as("the corpus is mostly hostile").isGreaterThan(CORPUS_CASES / 2);
        assertThat(tally.validAccepted).as("and has valid cases too").isGreaterThan(CORPUS_CASES / 10);
        if (Boolean.getBoolean("corpus.strict")) {
            // With the protocol half of issue 13 merged, its classes must pass too.
            assertThat(List.of(tally.wronglyAccepted(HostileCorpus.Half.PROTOCOL),
                    tally.validRejected(HostileCorpus.Half.PROTOCOL))).containsOnly(0);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void corpus_entry_differs_from_a_valid_message(String name, String reason, String event) {
        // Guards the corpus itself: a replace() that matched nothing would leave a valid message.
        assertThat(event).isNotEqualTo(valid());
    }
}
