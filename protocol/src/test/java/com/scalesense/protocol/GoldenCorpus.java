package com.scalesense.protocol;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The wire codec's golden corpus (issue 18): messages and hostile inputs with the outcome the
 * databind codec of 79cc37a gave for each, in {@code golden/wire-corpus.txt}. The codec that
 * replaced it must give the same outcome for every line: the same bytes when it encodes, the
 * same message or the same path and rule when it refuses one ({@link GoldenCorpusTest}).
 *
 * <p>Lines are tab-separated; the first word says what the line is:
 * <ul>
 * <li>{@code valid <entry> <json>}: a message as the old codec encoded it; it decodes and
 * encodes back to exactly these bytes;</li>
 * <li>{@code base <name> <entry> <json>}: a valid message that the following lines change;</li>
 * <li>{@code swap <base> <path> <start> <end> <text> <outcome>}: bytes [start, end) of the base
 * replaced by text (a value of another type, a field removed, a field added);</li>
 * <li>{@code flip <base> <op> <at> <byte> <outcome>}: one byte of the base replaced (op 0),
 * deleted (1) or inserted (2);</li>
 * <li>{@code text <entry> <base64> <outcome>}: any bytes;</li>
 * <li>{@code encode <case> <outcome>}: one of {@link #encodeCases()} encoded.</li>
 * </ul>
 * An outcome is {@code ok <16 hex digits of the SHA-256 of the message encoded again>},
 * {@code malformed <path> <rule>} or {@code error <exception class> <message>}.
 *
 * <p>The corpus was written by {@link #main} on the databind codec; run it again to see what
 * another codec does with the same inputs:
 * <pre>
 * java -cp "protocol/target/classes:protocol/target/test-classes:$(cat /tmp/protocol-cp.txt)" \
 *     com.scalesense.protocol.GoldenCorpus /tmp/wire-corpus.txt
 * </pre>
 */
final class GoldenCorpus {

    static final String RESOURCE = "/golden/wire-corpus.txt";

    /** Entries: how a line's bytes are decoded. */
    static final List<String> ENTRIES = List.of("batch", "registration", "command", "reading", "event", "rule-batch");

    /** Values of every JSON type and every edge of ours, put in place of each field. */
    private static final List<String> REPLACEMENTS = List.of("\"x\"", "\"\"", "\"1\"", "\"NaN\"", "1", "-1", "0",
            "1.5", "1e2", "-0.0", "1e400", "2147483648", "99999999999999999999", "true", "null", "[]", "[null]", "{}",
            "{\"a\":1}", "\"ok\"", "\"stable\"", "\"pour\"");

    private static final WireCodec CODEC = new WireCodec();
    private static final WireCodec RULE_CODEC = WireCodec.forRuleEvents();

    private GoldenCorpus() {
    }

    /** What {@code codec} makes of {@code bytes} read as {@code entry}, in the corpus's outcome form. */
    static String outcome(String entry, byte[] bytes) {
        try {
            Object message = decode(entry, bytes);
            return "ok\t" + digest(CODEC.encode(message));
        } catch (MalformedMessageException e) {
            return "malformed\t" + e.path() + "\t" + e.rule();
        } catch (RuntimeException e) {
            return "error\t" + e.getClass().getName() + "\t" + SafeText.line(String.valueOf(e.getMessage()));
        }
    }

    static Object decode(String entry, byte[] bytes) {
        return switch (entry) {
            case "batch" -> CODEC.decodeBatch(bytes);
            case "registration" -> CODEC.decodeRegistration(bytes);
            case "command" -> CODEC.decodeCommand(bytes);
            case "reading" -> CODEC.decode(bytes, Reading.class);
            case "event" -> CODEC.decode(bytes, DeviceEvent.class);
            case "rule-batch" -> RULE_CODEC.decodeBatch(bytes);
            default -> throw new IllegalArgumentException("unknown entry " + entry);
        };
    }

    /** What encoding {@code message} gives, in the corpus's outcome form (the bytes in full). */
    static String encodeOutcome(Object message) {
        try {
            return "ok\t" + new String(CODEC.encode(message), UTF_8);
        } catch (MalformedMessageException e) {
            return "malformed\t" + e.path() + "\t" + e.rule();
        } catch (RuntimeException e) {
            return "error\t" + e.getClass().getName() + "\t" + SafeText.line(String.valueOf(e.getMessage()));
        }
    }

    static String digest(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Messages the encoder must write exactly as before, or refuse exactly as before. */
    static Map<String, Object> encodeCases() {
        Map<String, Object> cases = new LinkedHashMap<>();
        cases.put("nan-level", new Reading(Samples.START, Double.NaN, 9.69, 112.4, 77.5, 1.2, 8.1, 4.05, 88.0, 4.5,
                Map.of("hx711", SensorStatus.OK), true, KegState.STABLE, TareStatus.COMPLETE));
        cases.put("infinite-temperature-in-batch", Samples.batch(List.of(new Reading(Samples.START, 1.0, 1.0, 1.0, 1.0,
                null, null, null, null, Double.NEGATIVE_INFINITY, Map.of(), false, KegState.STABLE, null)), List.of()));
        cases.put("nan-pour-volume", new DeviceEvent.Pour(Samples.START, true, Samples.START - 1, Samples.START,
                Double.NaN, 1.0));
        cases.put("infinite-tare-in-batch", Samples.batch(List.of(Samples.reading(Samples.START)), List.of(
                new DeviceEvent.Tare(Samples.START, true, "empty", null, null, Double.POSITIVE_INFINITY, null, null))));
        cases.put("nulls-everywhere", new ReadingsBatch(0, null, null, null, null, null, null, null, null, null, null));
        cases.put("empty-reading", new Reading(0, null, null, null, null, null, null, null, null, null, null, false,
                null, null));
        cases.put("empty-events", new ReadingsBatch(1, "", "", "", "", "", "", "", "", List.of(), List.of(
                new DeviceEvent.KegSwap(0, false, null, null, 0), new DeviceEvent.Tare(0, false, null, null, null, null,
                        null, null), new DeviceEvent.SensorError(0, false, null, null, null))));
        cases.put("registration-without-capabilities", new BootRegistration(1, "a", "b", "c", "d", "e", "f", null,
                0, false));
        cases.put("command-without-args", new DeviceCommand(null, null, null, 0));
        cases.put("text-to-escape", new DeviceEvent.SensorError(1, true, "q\"uote\\back/slash",
                SensorStatus.OK, "\u0000\u0001\t\n\r\u001f\u007f\u0085\u00e9\u2028\u2029\u202e\uFEFF\uD83C\uDF7A</script>"));
        cases.put("lone-surrogate", new DeviceEvent.SensorError(1, true, "hx711", SensorStatus.OK, "a\uD800b"));
        cases.put("capabilities", new Capabilities(List.of("z", "a"), Map.of("z", true, "a", false, "m", true)));
        cases.put("doubles", doubles());
        cases.put("extreme-longs", new DeviceEvent.Pour(Long.MAX_VALUE, true, Long.MIN_VALUE, 0, Double.MIN_VALUE,
                -Double.MAX_VALUE));
        cases.put("enum-alone", KegState.KEG_ABSENT);
        cases.put("not-a-message", "text");
        cases.put("null", null);
        return cases;
    }

    /** A batch of readings whose numbers are the doubles whose text is easiest to get wrong. */
    private static ReadingsBatch doubles() {
        double[] values = {0.0, -0.0, 1e-130, 1.0E-7, 0.001, 1.0E7, 12345678.9, 1e21, 4.9E-324, 1.7976931348623157E308,
            100.0, 62.5, 0.1 + 0.2, 1.0 / 3, -273.15, 2.2250738585072014E-308, 123456789012345.67, 9007199254740993.0};
        List<Reading> readings = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            double v = values[i];
            readings.add(new Reading(Samples.START + i, v, v, v, v, v, v, v, v, v, Map.of("hx711", SensorStatus.OK),
                    true, KegState.STABLE, TareStatus.PENDING));
        }
        return Samples.batch(readings, List.of());
    }

    // ------------------------------------------------------------------ writing the corpus

    public static void main(String[] args) throws IOException {
        List<String> lines = new ArrayList<>();
        valid(lines);
        Map<String, String[]> bases = new LinkedHashMap<>();
        bases.put("batch", new String[] {"batch", json(Samples.batch())});
        bases.put("registration", new String[] {"registration", json(Samples.registration())});
        bases.put("command", new String[] {"command", json(Samples.command())});
        bases.put("reading", new String[] {"reading", json(Samples.reading(Samples.START))});
        bases.put("faulty-reading", new String[] {"reading", json(Samples.faultyReading(Samples.START))});
        for (DeviceEvent e : Samples.events()) {
            bases.put("event-" + e.getClass().getSimpleName(), new String[] {"event", json(e)});
        }
        for (var base : bases.entrySet()) {
            String name = base.getKey();
            String entry = base.getValue()[0];
            String json = base.getValue()[1];
            lines.add(String.join("\t", "base", name, entry, json));
            swaps(lines, name, entry, json);
        }
        flips(lines, bases);
        texts(lines);
        for (var c : encodeCases().entrySet()) {
            lines.add(String.join("\t", "encode", c.getKey(), encodeOutcome(c.getValue())));
        }
        Path out = Path.of(args.length > 0 ? args[0] : "protocol/src/test/resources" + RESOURCE);
        Files.createDirectories(out.getParent());
        Files.write(out, lines, UTF_8);
        System.out.println(lines.size() + " lines to " + out);
    }

    private static String json(Object message) {
        return new String(CODEC.encode(message), UTF_8);
    }

    private static void valid(List<String> lines) {
        WireCases.seeds(3, 12).forEach(seed -> lines.add("valid\tbatch\t" + json(WireCases.batch(new Random(seed)))));
        WireCases.seeds(4, 100).forEach(seed -> {
            Random r = new Random(seed);
            lines.add("valid\tevent\t" + json(WireCases.event(r, WireCases.timestamp(r))));
        });
        WireCases.seeds(10, 60).forEach(seed -> {
            Random r = new Random(seed);
            lines.add("valid\treading\t" + json(WireCases.reading(r, WireCases.timestamp(r))));
        });
        WireCases.seeds(5, 60).forEach(seed -> lines.add("valid\tregistration\t"
                + json(WireCases.registration(new Random(seed)))));
        WireCases.seeds(6, 60).forEach(seed -> lines.add("valid\tcommand\t" + json(WireCases.command(new Random(seed)))));
        lines.add("valid\tbatch\t" + json(doubles()));
        lines.add("valid\tbatch\t" + json(Samples.batch()));
    }

    /** Every value of the base (fields, list items, map values) replaced, removed, and fields added. */
    private static void swaps(List<String> lines, String base, String entry, String json) {
        byte[] bytes = json.getBytes(UTF_8);
        for (Slot slot : slots(bytes)) {
            for (String replacement : REPLACEMENTS) {
                swap(lines, base, entry, bytes, slot.path(), slot.start(), slot.end(), replacement);
            }
            if (slot.fieldStart() >= 0) {
                // the field removed with one comma next to it
                int start = slot.fieldStart();
                int end = slot.end();
                if (bytes[end] == ',') {
                    end++;
                } else if (bytes[start - 1] == ',') {
                    start--;
                }
                swap(lines, base, entry, bytes, slot.path() + "-removed", start, end, "");
            }
            if (bytes[slot.start()] == '{') {
                for (String added : List.of("\"unknown_field\":[{\"a\":null}],", "\"type\":\"pour\",",
                        "\"UPPER\":1,")) {
                    swap(lines, base, entry, bytes, slot.path() + "+" + added, slot.start() + 1, slot.start() + 1,
                            added);
                }
            }
        }
        // the root itself
        for (String replacement : REPLACEMENTS) {
            swap(lines, base, entry, bytes, "$", 0, bytes.length, replacement);
        }
        swap(lines, base, entry, bytes, "$+unknown", 1, 1, "\"unknown_field\":{\"deep\":[[[]]]},");
        swap(lines, base, entry, bytes, "$+trailing", bytes.length, bytes.length, " {}");
        swap(lines, base, entry, bytes, "$+trailing-space", bytes.length, bytes.length, " \n");
    }

    private static void swap(List<String> lines, String base, String entry, byte[] bytes, String path, int start,
                             int end, String replacement) {
        String escaped = replacement.replace("\n", "\\n");
        lines.add(String.join("\t", "swap", base, path, String.valueOf(start), String.valueOf(end), escaped,
                outcome(entry, swapped(bytes, start, end, escaped))));
    }

    static byte[] swapped(byte[] bytes, int start, int end, String replacement) {
        byte[] r = replacement.replace("\\n", "\n").getBytes(UTF_8);
        byte[] changed = new byte[bytes.length - (end - start) + r.length];
        System.arraycopy(bytes, 0, changed, 0, start);
        System.arraycopy(r, 0, changed, start, r.length);
        System.arraycopy(bytes, end, changed, start + r.length, bytes.length - end);
        return changed;
    }

    /** A value in the base: its path, where its field name starts (-1 in a list) and its bytes. */
    private record Slot(String path, int fieldStart, int start, int end) {
    }

    private static List<Slot> slots(byte[] json) {
        List<Slot> slots = new ArrayList<>();
        try (JsonParser p = new JsonFactory().createParser(json)) {
            p.nextToken();
            walk(p, "", slots);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return slots;
    }

    /** Walks the container at the parser's current token, adding a slot for each value inside it. */
    private static void walk(JsonParser p, String path, List<Slot> slots) throws IOException {
        boolean object = p.currentToken() == JsonToken.START_OBJECT;
        int index = 0;
        for (JsonToken t = p.nextToken(); t != JsonToken.END_OBJECT && t != JsonToken.END_ARRAY; t = p.nextToken()) {
            int fieldStart = -1;
            String here;
            if (object) {
                fieldStart = (int) p.currentTokenLocation().getByteOffset();
                here = path.isEmpty() ? p.currentName() : path + "." + p.currentName();
                t = p.nextToken();
            } else {
                here = path + "[" + index++ + "]";
            }
            int start = (int) p.currentTokenLocation().getByteOffset();
            if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
                walk(p, here, slots);
            } else {
                p.getText();
            }
            int end = (int) p.currentLocation().getByteOffset();
            slots.add(new Slot(here, fieldStart, start, end));
        }
    }

    /** Single-byte corruptions of the bases, as a broken radio link or flash would make them. */
    private static void flips(List<String> lines, Map<String, String[]> bases) {
        Random r = new Random(WireCases.BASE_SEED + 18);
        for (var base : bases.entrySet()) {
            byte[] bytes = base.getValue()[1].getBytes(UTF_8);
            int count = base.getKey().equals("batch") ? 600 : 120;
            for (int i = 0; i < count; i++) {
                int op = r.nextInt(3);
                int at = r.nextInt(bytes.length);
                int b = r.nextInt(256);
                lines.add(String.join("\t", "flip", base.getKey(), String.valueOf(op), String.valueOf(at),
                        String.valueOf(b), outcome(base.getValue()[0], RobustnessProperties.mutate(bytes, at, (byte) b,
                                op))));
            }
        }
    }

    /** Random JSON-ish text and hand-made edge cases of JSON form, read as each entry. */
    private static void texts(List<String> lines) {
        List<byte[]> texts = new ArrayList<>();
        WireCases.seeds(8, 150).forEach(seed -> texts.add(WireCases.text(new Random(seed),
                "{}[]\":,0123456789.eE-+ ntrufalsNI\\abc_", 0, 120).getBytes(UTF_8)));
        String head = "{\"schema_version\":1,\"readings\":[{\"timestamp_ms\":1704067260000,\"clock_synced\":true,";
        for (String t : new String[] {"", " ", "null", "5", "\"s\"", "true", "[]", "[{}]", "{}", "{", "}", "{\"a\"}",
            "{\"schema_version\":1}", "{\"schema_version\":1} {}", "{\"schema_version\":1}]",
            "{\"schema_version\":1,\"schema_version\":1}", "{\"schema_version\":1.0}", "{\"schema_version\":1e0}",
            "{\"schema_version\":\"1\"}", "{\"schema_version\":2,\"readings\":\"moved\"}",
            "{\"readings\":\"moved\",\"schema_version\":2}", "{\"readings\":[],\"schema_version\":1,\"x\":\"\\q\"}",
            "{\"schema_version\":1,\"x\":\"\\u12\"}", "{\"schema_version\":1,\"x\":01}",
            "{\"schema_version\":1,\"x\":1e99999}", "{\"schema_version\":1,\"x\":NaN}", "{\"schema_version\":1,\"x\":'a'}",
            "{'schema_version':1}", "{schema_version:1}", "{\"schema_version\":1,}", "{\"schema_version\":1 \"a\":2}",
            "{\"schema_version\":1,\"x\":\"a\tb\"}", "{\"schema_version\":1,\"x\":[1,]}", "/* c */{\"schema_version\":1}",
            "{\"schema_version\":1,\"x\":" + "9".repeat(5000) + "}", "{\"" + "k".repeat(300) + "\":1}",
            "{\"schema_version\":1,\"x\":" + "[".repeat(33) + "]".repeat(33) + "}",
            "{\"schema_version\":1,\"x\":" + "[".repeat(31) + "]".repeat(31) + "}",
            "{\"schema_version\":1,\"x\":" + "{\"a\":".repeat(40) + "1" + "}".repeat(40) + "}",
            "{\"schema_version\":1,\"readings\":[" + "[".repeat(40) + "]".repeat(40) + "]}",
            head + "\"level_pct\":NaN}]}", head + "\"level_pct\":\"NaN\"}]}", head + "\"level_pct\":1e400}]}",
            head + "\"level_pct\":\"50\"}]}", head + "\"level_pct\":-Infinity}]}", head + "\"level_pct\":+1}]}",
            head + "\"keg_state\":\"STABLE\"}]}", head + "\"keg_state\":0}]}", head + "\"keg_state\":null}]}",
            head + "\"sensor_status\":{\"hx711\":\"warn\"}}]}", head + "\"sensor_status\":{\"hx711\":null}}]}",
            head + "\"sensor_status\":{\"hx711\":\"ok\",\"hx711\":\"ok\"}}]}", head + "\"sensor_status\":[]}]}",
            head + "\"timestamp_ms\":1}]}", head + "\"x\":1,\"x\":2}]}", head + "\"level_pct\":1}, null]}",
            "{\"schema_version\":1,\"events\":[{\"type\":\"spill\"}]}", "{\"schema_version\":1,\"events\":[{}]}",
            "{\"schema_version\":1,\"events\":[{\"type\":5}]}", "{\"schema_version\":1,\"events\":[{\"type\":null}]}",
            "{\"schema_version\":1,\"events\":[{\"type\":[\"pour\"]}]}",
            "{\"schema_version\":1,\"events\":[{\"timestamp_ms\":1,\"type\":\"pour\"}]}",
            "{\"schema_version\":1,\"events\":[{\"timestamp_ms\":1,\"clock_synced\":true,\"start_ms\":1,\"end_ms\":1,"
                + "\"volume_oz\":1,\"volume_ml\":1,\"type\":\"pour\"}]}",
            "{\"schema_version\":1,\"events\":[{\"timestamp_ms\":\"x\",\"type\":\"pour\"}]}",
            "{\"schema_version\":1,\"events\":[{\"type\":\"pour\",\"type\":\"tare\"}]}",
            "{\"schema_version\":1,\"events\":[{\"timestamp_ms\":1,\"type\":\"pour\",\"type\":\"tare\"}]}",
            "{\"schema_version\":1,\"events\":[{\"type\":\"Pour\"}]}", "{\"schema_version\":1,\"events\":[null]}",
            "{\"schema_version\":1,\"events\":{}}", "{\"schema_version\":1,\"events\":[[]]}",
            "{\"schema_version\":1,\"events\":[\"pour\"]}",
            "{\"schema_version\":1,\"events\":[{\"type\":\"tare\",\"timestamp_ms\":1,\"clock_synced\":true,"
                + "\"tare_status\":\"done\"}]}",
            "{\"schema_version\":1,\"events\":[{\"type\":\"sensor_error\",\"timestamp_ms\":1,\"clock_synced\":true,"
                + "\"status\":\"OK\"}]}",
            "{\"command_id\":\"c\",\"type\":\"t\",\"args\":{\"a\":1},\"issued_at_ms\":1}",
            "{\"command_id\":\"c\",\"type\":\"t\",\"args\":{\"a\":null},\"issued_at_ms\":1}",
            "{\"command_id\":\"c\",\"type\":\"t\",\"args\":[],\"issued_at_ms\":1}",
            "{\"issued_at_ms\":1}", "{\"issued_at_ms\":null}", "{\"command_id\":null,\"issued_at_ms\":1}",
            "{\"schema_version\":1,\"timestamp_ms\":1,\"clock_synced\":true,\"capabilities\":{\"sensors\":\"hx711\"}}",
            "{\"schema_version\":1,\"timestamp_ms\":1,\"clock_synced\":true,\"capabilities\":{\"features\":{\"a\":1}}}",
            "{\"schema_version\":1,\"timestamp_ms\":1,\"clock_synced\":true,\"capabilities\":{\"features\":{\"a\":\"true\"}}}",
            "{\"schema_version\":1,\"timestamp_ms\":1,\"clock_synced\":true,\"capabilities\":{\"sensors\":[1]}}",
            "{\"schema_version\":1,\"timestamp_ms\":1,\"clock_synced\":true,\"capabilities\":null}",
            "{\"schema_version\":1,\"timestamp_ms\":1,\"clock_synced\":true,\"capabilities\":[]}",
            "{\"schema_version\":1,\"timestamp_ms\":1,\"clock_synced\":true}", "{\"schema_version\":1,\"clock_synced\":true}",
            "{\"schema_version\":1,\"timestamp_ms\":1}", "{\"timestamp_ms\":1,\"clock_synced\":true}",
            "{\"schema_version\":-1,\"timestamp_ms\":1,\"clock_synced\":true}",
            "{\"timestamp_ms\":1,\"clock_synced\":true,\"type\":\"pour\",\"start_ms\":1,\"end_ms\":1,\"volume_oz\":1}",
            "{\"type\":\"keg_swap\",\"timestamp_ms\":1,\"clock_synced\":true}",
            "{\"type\":\"keg_swap\",\"timestamp_ms\":1,\"clock_synced\":true,\"weight_lbs\":null}",
            "{\"type\":\"keg_swap\",\"timestamp_ms\":1,\"clock_synced\":true,\"weight_lbs\":1,\"new_keg_id\":5}",
            "[\"pour\",{\"timestamp_ms\":1,\"clock_synced\":true,\"start_ms\":1,\"end_ms\":1,\"volume_oz\":1,\"volume_ml\":1}]",
            "[\"pour\"]", "[null]", "[1,{}]", "[\"tare\",{}]", "[\"tare\",{},1]", "[\"tare\",[]]", "[\"tare\",\"x\"]",
            "{\"schema_version\":1,\"events\":[[\"pour\"]]}", "{\"schema_version\":1,\"events\":[[\"spill\",{}]]}",
            "{\"schema_version\":1,\"events\":[[\"sensor_error\",{\"timestamp_ms\":1,\"clock_synced\":true}]]}",
            "{\"timestamp_ms\":99999999999999999999,\"type\":\"pour\"}", "{\"timestamp_ms\":1e400,\"type\":\"pour\"}",
            "{\"volume_oz\":1e400,\"type\":\"pour\"}", "{\"volume_oz\":\"1\",\"type\":\"pour\"}",
            "{\"detail\":\"\\q\",\"type\":\"sensor_error\"}", "{\"status\":\"bad\",\"type\":\"sensor_error\"}",
            "{\"x\":{\"y\":[1,2]},\"type\":\"keg_swap\",\"timestamp_ms\":1,\"clock_synced\":true,\"weight_lbs\":1}",
            "{\"timestamp_ms\":1,\"clock_synced\":true,\"weight_lbs\":1,\"type\":\"keg_swap\",\"x\":[}",
            "{\"timestamp_ms\":1,\"type\":true}", "{\"timestamp_ms\":1,\"type\":1.5}",
            "{\"schema_version\":1,\"events\":[{\"timestamp_ms\":null,\"type\":\"pour\"}]}",
            "{\"schema_version\":1,\"events\":[{\"clock_synced\":1,\"type\":\"pour\"}]}"}) {
            texts.add(t.getBytes(UTF_8));
        }
        texts.add(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, '{', '}'});
        texts.add("{\"schema_version\":1}".getBytes(java.nio.charset.StandardCharsets.UTF_16LE));
        texts.add(new byte[] {'{', '"', 'x', '"', ':', '"', (byte) 0xC3, '"', '}'});
        texts.add(new byte[] {'{', '"', 'x', '"', ':', '"', (byte) 0xC0, (byte) 0x80, '"', '}'});
        texts.add(new byte[] {'{', '"', 'x', '"', ':', '"', 0, '"', '}'});
        for (byte[] t : texts) {
            for (String entry : ENTRIES) {
                lines.add(String.join("\t", "text", entry, Base64.getEncoder().encodeToString(t), outcome(entry, t)));
            }
        }
    }
}
