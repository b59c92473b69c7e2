package com.scalesense.sink.handler;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.scalesense.protocol.BootRegistration;
import com.scalesense.protocol.Capabilities;
import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.Reading;
import com.scalesense.protocol.ReadingsBatch;
import com.scalesense.protocol.TareStatus;
import com.scalesense.protocol.Topics;
import com.scalesense.protocol.WireCodec;
import com.scalesense.sink.testing.Batches;
import java.io.ByteArrayOutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;

/**
 * Generates the hostile corpus (issue 13): from a seeded {@link Random}, mutations of valid
 * batches and registrations of one bar's scale, each with what the sink must do with it. The
 * world it writes against ({@link #setUpWorld}) is two bars: SCALE-0042 on loc-001 tap 07 with
 * its keg, SCALE-0077 on loc-002 tap 01 with its keg, and SCALE-0050 registered by an
 * administrator on loc-001 tap 05 but never booted (its MAC is the prize of a claim).
 */
final class HostileCorpus {

    /** What the sink must do with a case. */
    enum Expect { STORE, NO_CHANGE_REDELIVERY, REJECT }

    /**
     * Which half of issue 13 owns the rule a case tests: the sink (this module) or the protocol
     * (MessageValidator and WireCodec, fixed on another branch). Reported apart.
     */
    enum Half { SINK, PROTOCOL }

    /**
     * @param kind     the mutation, e.g. {@code hijack.loc_id}
     * @param batchId  batch_id of a STORE batch (its items are counted), else null
     * @param readings readings of a STORE batch
     */
    record Case(String kind, Half half, Expect expect, byte[] bytes, String batchId, int readings) {
    }

    static final String OTHER_DEVICE = "SCALE-0077";
    static final String OTHER_HARDWARE = "AA:BB:CC:DD:EE:77";
    static final String OTHER_LOC = "loc-002";
    static final String OTHER_TAP = "loc-002#TAP#01";
    static final String OTHER_KEG = "keg-20261101-b2c3";
    static final String DORMANT_DEVICE = "SCALE-0050";
    static final String DORMANT_HARDWARE = "AA:BB:CC:DD:EE:50";
    static final String STRANGER = "SCALE-0099";
    private static final Capabilities CAPS = new Capabilities(List.of("hx711", "max17048"), Map.of("tare", true));
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Windows 10 minutes apart: a batch of up to 40 readings a minute apart never overlaps the next. */
    private static final long WINDOW_STEP_MS = 45 * 60_000L;

    private final Random random;
    private final List<Case> stored = new ArrayList<>();
    private final List<ReadingsBatch> heldBack = new ArrayList<>();
    private long nextWindow = Batches.T0;
    private long nextBoot = Batches.T0;

    HostileCorpus(long seed) {
        this.random = new Random(seed);
    }

    /** Forgets what was stored: the caller starts a fresh world (new tables). */
    void newWorld() {
        stored.clear();
        heldBack.clear();
    }

    /** Registers the world's devices and kegs, as an administrator would. */
    static void setUpWorld(com.scalesense.sink.testing.SinkHarness sink) {
        sink.registerDevice(OTHER_DEVICE, OTHER_HARDWARE, OTHER_LOC, OTHER_TAP);
        sink.keg(OTHER_KEG, OTHER_LOC, OTHER_TAP);
        sink.registerDevice(DORMANT_DEVICE, DORMANT_HARDWARE, Batches.LOC_ID, "loc-001#TAP#05");
    }

    /** Generators, weighted by how often each is drawn. */
    private final List<Map.Entry<Integer, Function<HostileCorpus, Case>>> kinds = List.of(
            Map.entry(10, HostileCorpus::validBatch),
            Map.entry(3, HostileCorpus::validRegistration),
            Map.entry(4, HostileCorpus::redelivery),
            Map.entry(2, HostileCorpus::lateBatch),
            Map.entry(2, HostileCorpus::reorderedKeys),
            Map.entry(12, HostileCorpus::hijack),
            Map.entry(10, HostileCorpus::boundaryNumber),
            Map.entry(6, HostileCorpus::encoding),
            Map.entry(4, HostileCorpus::batchIdMismatch),
            Map.entry(3, HostileCorpus::size),
            Map.entry(6, HostileCorpus::malformedJson),
            Map.entry(3, HostileCorpus::controlCharacters));

    Case next() {
        int total = kinds.stream().mapToInt(Map.Entry::getKey).sum();
        int pick = random.nextInt(total);
        for (var k : kinds) {
            pick -= k.getKey();
            if (pick < 0) {
                return k.getValue().apply(this);
            }
        }
        throw new IllegalStateException("weights");
    }

    // ---------------------------------------------------------------- valid material

    private ReadingsBatch freshBatch(int count, boolean withEvents) {
        long start = nextWindow;
        nextWindow += WINDOW_STEP_MS;
        List<Reading> readings = Batches.series(start, count, 20 + random.nextInt(70), random.nextDouble());
        List<DeviceEvent> events = new ArrayList<>();
        if (withEvents && count > 1) {
            events.add(Batches.pour(start + Batches.INTERVAL_MS, 1 + random.nextInt(20)));
            if (random.nextInt(4) == 0) {
                events.add(new DeviceEvent.Tare(start, true, "full", Batches.KEG_ID, "half_barrel", null,
                        150.0 + random.nextInt(15), TareStatus.COMPLETE));
            }
        }
        return Batches.of(readings, events);
    }

    private static ReadingsBatch with(ReadingsBatch b, String hardwareId, String deviceId, String batchId, String locId,
                                      String tapId, String kegId, List<DeviceEvent> events) {
        return new ReadingsBatch(b.schemaVersion(), hardwareId, deviceId, b.bootId(), b.firmwareVersion(), batchId,
                locId, tapId, kegId, b.readings(), events);
    }

    private static String batchId(String hardwareId, ReadingsBatch b) {
        return hardwareId + "_" + b.bootId() + "_" + b.readings().get(0).timestampMs() + "_"
                + b.readings().get(b.readings().size() - 1).timestampMs();
    }

    private static byte[] event(Object message, String topic) {
        return Messages.bytes(Messages.withTopic(Messages.json(message), topic));
    }

    private static byte[] batchEvent(ReadingsBatch b) {
        return event(b, Topics.batches(b.deviceId()));
    }

    private Case store(String kind, ReadingsBatch b, byte[] bytes) {
        return store(kind, b, bytes, Half.SINK);
    }

    private Case store(String kind, ReadingsBatch b, byte[] bytes, Half half) {
        Case c = new Case(kind, half, Expect.STORE, bytes, b.batchId(), b.readings().size());
        stored.add(c);
        return c;
    }

    private static Case reject(String kind, Half half, byte[] bytes) {
        return new Case(kind, half, Expect.REJECT, bytes, null, 0);
    }

    // ---------------------------------------------------------------- kinds

    private Case validBatch() {
        var b = freshBatch(1 + random.nextInt(random.nextInt(5) == 0 ? 40 : 6), random.nextBoolean());
        return store("valid.batch", b, batchEvent(b));
    }

    private Case validRegistration() {
        nextBoot += 1_000;
        var r = new BootRegistration(1, Batches.HARDWARE_ID, Batches.DEVICE_ID, Batches.BOOT_ID, "1.0.16",
                Batches.LOC_ID, Batches.TAP_ID, CAPS, nextBoot, true);
        return new Case("valid.registration", Half.SINK, Expect.STORE, event(r, Topics.registration(Batches.DEVICE_ID)),
                null, 0);
    }

    /** The same bytes again, or an older stored batch again: changes nothing. */
    private Case redelivery() {
        if (stored.isEmpty()) {
            return validBatch();
        }
        Case earlier = stored.get(random.nextInt(stored.size()));
        return new Case("redelivery." + earlier.kind(), earlier.half(), Expect.NO_CHANGE_REDELIVERY, earlier.bytes(), earlier.batchId(),
                earlier.readings());
    }

    /** A batch whose window is older than batches already stored (reordering): stored once, state stays newest. */
    private Case lateBatch() {
        if (heldBack.isEmpty()) {
            for (int i = 0; i < 3; i++) {
                heldBack.add(freshBatch(1 + random.nextInt(4), true));
            }
            return validBatch();
        }
        var b = heldBack.remove(heldBack.size() - 1);
        return store("valid.late_batch", b, batchEvent(b));
    }

    /** The same content with its keys in reverse order: still one valid batch (the hash is of content). */
    private Case reorderedKeys() {
        var b = freshBatch(1 + random.nextInt(4), random.nextBoolean());
        try {
            var tree = (ObjectNode) JSON.readTree(Messages.json(b));
            var reversed = JSON.createObjectNode();
            reversed.put("topic", Topics.batches(b.deviceId()));
            List<String> names = new ArrayList<>();
            tree.fieldNames().forEachRemaining(names::add);
            for (int i = names.size() - 1; i >= 0; i--) {
                reversed.set(names.get(i), tree.get(names.get(i)));
            }
            return store("valid.reordered_keys", b, JSON.writeValueAsBytes(reversed));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private Case hijack() {
        var b = freshBatch(1 + random.nextInt(4), false);
        switch (random.nextInt(10)) {
            case 0:
                return reject("hijack.loc_id", Half.SINK, batchEvent(with(b, b.hardwareId(), b.deviceId(), b.batchId(),
                        OTHER_LOC, OTHER_TAP, null, b.events())));
            case 1:
                return reject("hijack.tap_id", Half.SINK, batchEvent(with(b, b.hardwareId(), b.deviceId(), b.batchId(),
                        b.locId(), "loc-001#TAP#05", b.kegId(), b.events())));
            case 2:
                return reject("hijack.keg_id", Half.SINK, batchEvent(with(b, b.hardwareId(), b.deviceId(), b.batchId(),
                        b.locId(), b.tapId(), OTHER_KEG, b.events())));
            case 3:
                return reject("hijack.unknown_keg", Half.SINK, batchEvent(with(b, b.hardwareId(), b.deviceId(),
                        b.batchId(), b.locId(), b.tapId(), "keg-20990101-zzzz", b.events())));
            case 4: {
                var tare = new DeviceEvent.Tare(b.readings().get(0).timestampMs(), true, "full", OTHER_KEG,
                        "half_barrel", null, 170.0, TareStatus.COMPLETE);
                return reject("hijack.tare_other_keg", Half.SINK, batchEvent(with(b, b.hardwareId(), b.deviceId(),
                        b.batchId(), b.locId(), b.tapId(), b.kegId(), List.of(tare))));
            }
            case 5: {
                var stranger = with(b, "AA:BB:CC:DD:EE:99", STRANGER, batchId("AA:BB:CC:DD:EE:99", b), b.locId(),
                        b.tapId(), b.kegId(), b.events());
                return reject("hijack.unregistered_device", Half.SINK, batchEvent(stranger));
            }
            case 6: {
                var foreignMac = with(b, OTHER_HARDWARE, b.deviceId(), batchId(OTHER_HARDWARE, b), b.locId(), b.tapId(),
                        b.kegId(), b.events());
                return reject("hijack.hardware_id", Half.SINK, batchEvent(foreignMac));
            }
            case 7: {
                var claim = new BootRegistration(1, DORMANT_HARDWARE, STRANGER, Batches.BOOT_ID, "1.0.16",
                        Batches.LOC_ID, "loc-001#TAP#05", CAPS, b.readings().get(0).timestampMs(), true);
                return reject("hijack.claim_mac", Half.SINK, event(claim, Topics.registration(STRANGER)));
            }
            case 8: {
                var moved = new BootRegistration(1, Batches.HARDWARE_ID, Batches.DEVICE_ID, Batches.BOOT_ID, "1.0.16",
                        OTHER_LOC, OTHER_TAP, CAPS, b.readings().get(0).timestampMs(), true);
                return reject("hijack.registration_loc", Half.SINK, event(moved, Topics.registration(Batches.DEVICE_ID)));
            }
            default:
                return reject("hijack.topic_device", Half.SINK, event(b, Topics.batches(OTHER_DEVICE)));
        }
    }

    private static final String[] NUMERIC = {"level_pct", "gallons", "weight_lbs", "pints_left", "pour_rate_gph",
        "hours_remaining", "battery_v", "battery_pct", "temperature_c"};

    /**
     * One numeric field of one reading replaced by a boundary value. Values DynamoDB cannot store
     * are the sink's to refuse (class 1, and class 2 when the reading is the 26th or later); values
     * DynamoDB stores but no scale can measure are the protocol's bounds; -0 is zero and valid.
     */
    private Case boundaryNumber() {
        int count = random.nextBoolean() ? 30 : 1 + random.nextInt(5);
        var b = freshBatch(count, false);
        int index = count == 30 ? 25 + random.nextInt(5) : random.nextInt(count);
        String field = NUMERIC[random.nextInt(NUMERIC.length)];
        String[][] values = {
            {"1e126", "SINK"}, {"9.99e200", "SINK"}, {"1e-131", "SINK"}, {"1E-300", "SINK"},
            {"1e400", "SINK"}, {"-1e400", "SINK"},
            {"1234567890123456789012345678901234567890123", "PROTOCOL"}, {"1e125", "PROTOCOL"},
            {"1e-130", "VALID"}, {"-0", "VALID"}};
        String[] v = values[random.nextInt(values.length)];
        if ("VALID".equals(v[1])) {
            // Zero and the smallest storable magnitude are in every physical range; level_pct has no cross-checks.
            field = "level_pct";
        }
        String json = Messages.json(b);
        String mutated = replaceNth(json, "\"" + field + "\":", index, v[0]);
        byte[] bytes = Messages.bytes(Messages.withTopic(mutated, Topics.batches(b.deviceId())));
        if ("VALID".equals(v[1])) {
            return store("number.valid_" + v[0], b, bytes);
        }
        // A negative value is refused by the rule "≥ 0" the protocol already had (except temperature).
        return reject("number." + v[0] + (index >= 25 ? ".at_reading_26_plus" : ""),
                Half.valueOf(v[1]), bytes);
    }

    /** Replaces the value after the {@code n}-th occurrence of {@code key} with {@code value}. */
    private static String replaceNth(String json, String key, int n, String value) {
        int at = -1;
        for (int i = 0; i <= n; i++) {
            at = json.indexOf(key, at + 1);
        }
        int from = at + key.length();
        int to = from;
        while (to < json.length() && ",}]".indexOf(json.charAt(to)) < 0) {
            to++;
        }
        return json.substring(0, from) + value + json.substring(to);
    }

    /** Issue 13 class 4: not strict UTF-8 (RFC 8259 §8.1). */
    private Case encoding() {
        var b = freshBatch(1 + random.nextInt(3), false);
        String text = Messages.withTopic(Messages.json(b), Topics.batches(b.deviceId()));
        byte[] utf8 = Messages.bytes(text);
        switch (random.nextInt(7)) {
            case 0:
                return reject("encoding.bom", Half.PROTOCOL, concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, utf8));
            case 1:
                return reject("encoding.utf16le", Half.PROTOCOL, text.getBytes(StandardCharsets.UTF_16LE));
            case 2:
                return reject("encoding.utf16be_bom", Half.PROTOCOL, text.getBytes(StandardCharsets.UTF_16));
            case 3:
                return reject("encoding.utf32", Half.PROTOCOL, text.getBytes(Charset.forName("UTF-32")));
            case 4:
                // 'S' of SCALE-0042 as the over-long two-byte form C1 93: decodes to the same id if lenient.
                return reject("encoding.overlong", Half.PROTOCOL, replaceFirstBytes(utf8,
                        Messages.bytes("\"device_id\":\"S"), concat(Messages.bytes("\"device_id\":\""),
                                new byte[] {(byte) 0xC1, (byte) 0x93})));
            case 5:
                // U+110000 and above: F4 90 80 80 is no code point.
                return reject("encoding.above_10ffff", Half.PROTOCOL, replaceFirstBytes(utf8,
                        Messages.bytes("\"firmware_version\":\"1.0.16"), concat(Messages.bytes("\"firmware_version\":\"1.0.16+"),
                                new byte[] {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80})));
            default:
                // An encoded surrogate (CESU-8, ED A0 80) is not UTF-8.
                return reject("encoding.surrogate", Half.PROTOCOL, replaceFirstBytes(utf8,
                        Messages.bytes("\"firmware_version\":\"1.0.16"), concat(Messages.bytes("\"firmware_version\":\"1.0.16+"),
                                new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80})));
        }
    }

    /** Issue 13 class 5 and the batch_id rules: one canonical id, its parts equal to the batch's. */
    private Case batchIdMismatch() {
        var b = freshBatch(1 + random.nextInt(4), false);
        long start = b.readings().get(0).timestampMs();
        long end = b.readings().get(b.readings().size() - 1).timestampMs();
        String prefix = b.hardwareId() + "_" + b.bootId() + "_";
        return switch (random.nextInt(4)) {
            case 0 -> reject("batch_id.padded_window", Half.PROTOCOL, batchEvent(with(b, b.hardwareId(), b.deviceId(),
                    prefix + "0" + start + "_" + end, b.locId(), b.tapId(), b.kegId(), b.events())));
            case 1 -> reject("batch_id.padded_end", Half.PROTOCOL, batchEvent(with(b, b.hardwareId(), b.deviceId(),
                    prefix + start + "_00" + end, b.locId(), b.tapId(), b.kegId(), b.events())));
            case 2 -> reject("batch_id.other_boot", Half.SINK, batchEvent(with(b, b.hardwareId(), b.deviceId(),
                    b.hardwareId() + "_" + "8c9e6679-7425-40de-944b-e07fc1f90ae7_" + start + "_" + end, b.locId(),
                    b.tapId(), b.kegId(), b.events())));
            // The window must be exactly the readings' first and last instants: the protocol half's rule.
            default -> reject("batch_id.window_mismatch", Half.PROTOCOL, batchEvent(with(b, b.hardwareId(), b.deviceId(),
                    prefix + (start - 60_000) + "_" + end, b.locId(), b.tapId(), b.kegId(), b.events())));
        };
    }

    /** Issue 13 class 6: the 128 KB limit applies to what the device sent, not to the rule's topic field. */
    private Case size() {
        var b = freshBatch(1 + random.nextInt(3), false);
        String json = Messages.json(b);
        String topicField = "{\"topic\":\"" + Topics.batches(b.deviceId()) + "\",";
        if (random.nextBoolean()) {
            // JSON whitespace up to 10 bytes under the limit: the device's message is within it.
            int pad = WireCodec.MAX_PAYLOAD_BYTES - 10 - Messages.bytes(json).length;
            String device = "{" + " ".repeat(pad) + json.substring(1);
            return store("size.just_under_limit", b, Messages.bytes(topicField + device.substring(1)), Half.PROTOCOL);
        }
        String device = "{" + " ".repeat(WireCodec.MAX_PAYLOAD_BYTES + 1 - Messages.bytes(json).length) + json.substring(1);
        return reject("size.over_limit", Half.SINK, Messages.bytes(topicField + device.substring(1)));
    }

    private Case malformedJson() {
        var b = freshBatch(1 + random.nextInt(3), false);
        String event = Messages.withTopic(Messages.json(b), Topics.batches(b.deviceId()));
        String[][] m = {
            {"json.truncated", event.substring(0, 1 + random.nextInt(event.length() - 1))},
            {"json.trailing", event + "{}"},
            {"json.duplicate_key", event.replaceFirst("\"loc_id\":", "\"loc_id\":\"loc-002\",\"loc_id\":")},
            {"json.nan", event.replaceFirst("\"level_pct\":[0-9.]+", "\"level_pct\":NaN")},
            {"json.string_number", event.replaceFirst("\"level_pct\":([0-9.]+)", "\"level_pct\":\"$1\"")},
            {"json.null_id", event.replaceFirst("\"device_id\":\"SCALE-0042\"", "\"device_id\":null")},
            {"json.readings_not_a_list", event.replaceFirst("\"readings\":\\[", "\"readings\":\"all\",\"x\":[")},
            {"json.deep", event.replaceFirst("\\{\"topic\"", "{\"x\":" + "[".repeat(3000) + "]".repeat(3000) + ",\"topic\"")},
            {"json.not_object", "[" + event + "]"},
            {"json.no_topic", Messages.json(b)},
        };
        String[] pick = m[random.nextInt(m.length)];
        return reject(pick[0], Half.SINK, Messages.bytes(pick[1]));
    }

    /** Issue 13 class 7: control and bidi characters in ids; the refusal must carry them escaped. */
    private Case controlCharacters() {
        var b = freshBatch(1 + random.nextInt(3), false);
        String[] evil = {"\n", "\r\n", "\u202E", "\u2066", "\u0000", "\u0085", "\u2028", "\u001B[31m"};
        String bad = Batches.KEG_ID + evil[random.nextInt(evil.length)] + "INFO forged";
        String json = Messages.json(b).replace("\"keg_id\":\"" + Batches.KEG_ID + "\"",
                "\"keg_id\":" + quoted(bad));
        return reject("control.keg_id", Half.SINK, Messages.bytes(Messages.withTopic(json, Topics.batches(b.deviceId()))));
    }

    private static String quoted(String text) {
        try {
            return JSON.writeValueAsString(text);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static byte[] concat(byte[] a, byte[] b) {
        var out = new ByteArrayOutputStream(a.length + b.length);
        out.writeBytes(a);
        out.writeBytes(b);
        return out.toByteArray();
    }

    private static byte[] replaceFirstBytes(byte[] in, byte[] find, byte[] replacement) {
        outer:
        for (int i = 0; i + find.length <= in.length; i++) {
            for (int j = 0; j < find.length; j++) {
                if (in[i + j] != find[j]) {
                    continue outer;
                }
            }
            var out = new ByteArrayOutputStream(in.length + replacement.length);
            out.write(in, 0, i);
            out.writeBytes(replacement);
            out.write(in, i + find.length, in.length - i - find.length);
            return out.toByteArray();
        }
        throw new IllegalArgumentException("pattern not in message: " + new String(find, StandardCharsets.UTF_8));
    }
}
