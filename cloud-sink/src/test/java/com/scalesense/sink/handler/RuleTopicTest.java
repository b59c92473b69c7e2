package com.scalesense.sink.handler;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The router scans the rule's topic from the tokens instead of parsing the message into a tree
 * before the codec parses it again (issue 16). Guards issue 13's trust behaviour: every message is
 * refused or passed by the scan exactly as by the tree read it replaces, with the same reason.
 */
class RuleTopicTest {

    private final RuleTopic scan = new RuleTopic();

    @Test
    void scan_and_tree_read_agree_on_every_message_of_the_hostile_corpus_and_on_edge_cases() {
        // given the hostile corpus's messages and hand-made edge cases of JSON form
        List<byte[]> messages = new ArrayList<>(edgeCases());
        var corpus = new HostileCorpus(16L);
        for (int i = 0; i < 3000; i++) {
            if (i % 100 == 0) {
                corpus.newWorld();
            }
            messages.add(corpus.next().bytes());
        }
        // when each is read both ways, then the topic or the refusal is the same
        for (byte[] m : messages) {
            assertThat(outcome(() -> scan.of(m))).as(new String(m, StandardCharsets.UTF_8))
                    .isEqualTo(outcome(() -> TreeTopic.of(m)));
        }
    }

    private static List<byte[]> edgeCases() {
        String deep = "{\"topic\":\"a/b\",\"x\":" + "[".repeat(70) + "]".repeat(70) + "}";
        String[] texts = {"", "  ", "null", "5", "\"s\"", "true", "[1,2]", "[1,", "{", "{\"topic\":\"t\"",
            "{\"topic\":\"scale-sense/SCALE-0042/batches\"}", "{\"topic\":\"t\"} trailing [", "{\"topic\":5}",
            "{\"topic\":null}", "{\"topic\":{\"a\":[1,2.5e3]}}", "{\"topic\":\"a\",\"topic\":{\"b\":1}}",
            "{\"topic\":[1],\"topic\":\"b\"}", "{\"x\":\"\\q\",\"topic\":\"t\"}", "{\"x\":\"\\u12\"}", "{}",
            "{\"x\":1e99999,\"topic\":\"t\"}", "{\"x\":" + "9".repeat(1200) + ",\"topic\":\"t\"}",
            "{\"x\":NaN,\"topic\":\"t\"}", "{\"x\":01,\"topic\":\"t\"}", "{\"x\":\"a\tb\",\"topic\":\"t\"}", deep,
            "{\"topic\":\"t\",\"x\":[{\"y\":[\"z\",{}]},-0.0,1E-400]}", "\uFEFF{\"topic\":\"t\"}", "{'topic':'t'}"};
        List<byte[]> out = new ArrayList<>();
        for (String t : texts) {
            out.add(t.getBytes(StandardCharsets.UTF_8));
        }
        out.add(new byte[] {'{', '"', 'x', '"', ':', '"', (byte) 0xC3, '"', ',', '"', 't', 'o', 'p', 'i', 'c', '"', ':', '"', 't', '"', '}'});
        out.add(new byte[] {'{', '"', 'x', '"', ':', '"', (byte) 0xE2, (byte) 0x28, (byte) 0xA1, '"', '}'});
        out.add(new byte[] {'{', '"', 'x', '"', ':', '"', (byte) 0xFF, '"', '}'});
        out.add("{\"topic\":\"t\"}".getBytes(StandardCharsets.UTF_16BE));
        out.add("{\"topic\":\"t\"}".getBytes(StandardCharsets.UTF_16LE));
        return out;
    }

    private static String outcome(java.util.function.Supplier<String> read) {
        try {
            return "topic " + read.get();
        } catch (RuntimeException e) {
            return e.getClass().getSimpleName() + ": " + e.getMessage();
        }
    }

    /** The router's topic read before issue 16: the whole message as a tree. */
    private static final class TreeTopic {
        private static final ObjectMapper READER = new ObjectMapper();

        static {
            READER.getFactory().setStreamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(64).build());
        }

        static String of(byte[] message) {
            JsonNode root;
            try {
                root = READER.readTree(message);
            } catch (IOException e) {
                String why = e instanceof JsonProcessingException j ? j.getOriginalMessage() : e.getMessage();
                throw new com.scalesense.protocol.MalformedMessageException("$", "must be one well-formed JSON object ("
                        + (why.length() > 120 ? why.substring(0, 120) + "…" : why) + ")", e);
            }
            if (root == null || !root.isObject()) {
                throw new com.scalesense.protocol.MalformedMessageException("$", "must be one JSON object, was "
                        + (root == null || root.isMissingNode() ? "empty" : root.getNodeType().name().toLowerCase(Locale.ROOT)));
            }
            JsonNode topic = root.get("topic");
            if (topic == null || !topic.isTextual()) {
                throw MessageRouter.rejected("topic", topic == null ? null : topic.toString(),
                        "must be a string added by the IoT Rule (SELECT *, topic() AS topic)");
            }
            return topic.asText();
        }
    }
}
