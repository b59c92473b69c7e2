package com.scalesense.protocol;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/**
 * The codec does with every line of the golden corpus what the databind codec of 79cc37a did
 * (issue 18: one contract with the sink, byte for byte): the same bytes for each message it
 * encodes, and for each input it decodes the same message or the same path and rule of its
 * refusal. See {@link GoldenCorpus} for the lines.
 */
class GoldenCorpusTest {

    @Test
    void encodes_decodes_and_refuses_every_line_of_the_corpus_as_the_databind_codec_did() throws IOException {
        List<String> lines = lines();
        Map<String, String[]> bases = new HashMap<>();
        Map<String, Object> encodeCases = GoldenCorpus.encodeCases();
        List<String> differences = new ArrayList<>();
        int checked = 0;
        for (String line : lines) {
            String[] f = line.split("\t", -1);
            String expected;
            String actual;
            switch (f[0]) {
                case "valid" -> {
                    expected = "ok\t" + f[2];
                    actual = GoldenCorpus.encodeOutcome(GoldenCorpus.decode(f[1], f[2].getBytes(UTF_8)));
                }
                case "base" -> {
                    bases.put(f[1], new String[] {f[2], f[3]});
                    expected = "ok\t" + f[3];
                    actual = GoldenCorpus.encodeOutcome(GoldenCorpus.decode(f[2], f[3].getBytes(UTF_8)));
                }
                case "swap" -> {
                    String[] base = bases.get(f[1]);
                    byte[] bytes = GoldenCorpus.swapped(base[1].getBytes(UTF_8), Integer.parseInt(f[3]),
                            Integer.parseInt(f[4]), f[5]);
                    expected = tail(f, 6);
                    actual = GoldenCorpus.outcome(base[0], bytes);
                }
                case "flip" -> {
                    String[] base = bases.get(f[1]);
                    byte[] bytes = RobustnessProperties.mutate(base[1].getBytes(UTF_8), Integer.parseInt(f[3]),
                            (byte) Integer.parseInt(f[4]), Integer.parseInt(f[2]));
                    expected = tail(f, 5);
                    actual = GoldenCorpus.outcome(base[0], bytes);
                }
                case "text" -> {
                    expected = tail(f, 3);
                    actual = GoldenCorpus.outcome(f[1], Base64.getDecoder().decode(f[2]));
                }
                case "encode" -> {
                    assertThat(encodeCases).as("encode case %s", f[1]).containsKey(f[1]);
                    expected = tail(f, 2);
                    actual = GoldenCorpus.encodeOutcome(encodeCases.get(f[1]));
                }
                default -> throw new IllegalStateException("unknown corpus line: " + f[0]);
            }
            checked++;
            if (!expected.equals(actual)) {
                differences.add(String.join("\t", f[0], f[1], f.length > 2 ? f[2] : "") + "\n  was " + expected
                        + "\n  now " + actual);
            }
        }
        // the corpus covers what it is for: thousands of refusals, every entry, every kind of line
        assertThat(checked).isGreaterThan(7000);
        assertThat(differences).as("%d of %d lines differ, the first: %s", differences.size(), checked,
                differences.stream().limit(20).toList()).isEmpty();
    }

    private static String tail(String[] f, int from) {
        return String.join("\t", java.util.Arrays.copyOfRange(f, from, f.length));
    }

    private static List<String> lines() throws IOException {
        try (InputStream in = Objects.requireNonNull(GoldenCorpusTest.class.getResourceAsStream(GoldenCorpus.RESOURCE),
                GoldenCorpus.RESOURCE)) {
            return new String(in.readAllBytes(), UTF_8).lines().toList();
        }
    }
}
