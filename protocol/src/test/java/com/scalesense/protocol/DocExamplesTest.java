package com.scalesense.protocol;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every ```json example in docs/protocol.md is a message the codec and validator accept. */
class DocExamplesTest {

    /** Surefire runs in the module directory; the docs live at the repository root. */
    private static final Path DOC = Path.of("..", "docs", "protocol.md");
    private static final Pattern JSON_BLOCK = Pattern.compile("```json\\n(.*?)```", Pattern.DOTALL);

    private final WireCodec codec = new WireCodec();
    private final MessageValidator validator = new MessageValidator();

    static Stream<String> examples() throws IOException {
        var matcher = JSON_BLOCK.matcher(Files.readString(DOC, UTF_8));
        List<String> blocks = new ArrayList<>();
        while (matcher.find()) {
            blocks.add(matcher.group(1));
        }
        return blocks.stream();
    }

    @Test
    void the_doc_shows_every_message_and_every_event_type() throws IOException {
        List<String> blocks = examples().toList();
        assertThat(blocks).anyMatch(b -> b.contains("\"readings\""));
        assertThat(blocks).anyMatch(b -> b.contains("\"capabilities\""));
        assertThat(blocks).anyMatch(b -> b.contains("\"command_id\""));
        String all = String.join("\n", blocks);
        for (String type : List.of("pour", "keg_swap", "tare", "sensor_error")) {
            assertThat(all).contains("\"type\": \"" + type + "\"");
        }
    }

    @ParameterizedTest
    @MethodSource("examples")
    void each_example_decodes_and_validates(String json) {
        byte[] bytes = json.getBytes(UTF_8);
        if (json.contains("\"readings\"")) {
            ReadingsBatch batch = codec.decodeBatch(bytes);
            assertThat(validator.check(batch)).isEmpty();
            assertThat(codec.decodeBatch(codec.encode(batch))).isEqualTo(batch);
        } else if (json.contains("\"capabilities\"")) {
            assertThat(validator.check(codec.decodeRegistration(bytes))).isEmpty();
        } else {
            assertThat(json).contains("\"command_id\"");
            assertThat(validator.check(codec.decodeCommand(bytes))).isEmpty();
        }
    }

    @Test
    void the_example_batch_id_is_the_one_batch_id_builds() throws IOException {
        String doc = Files.readString(DOC, UTF_8);
        String id = new BatchId("AA:BB:CC:DD:EE:FF", "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                1_704_067_260_000L, 1_704_067_460_000L).toString();
        assertThat(doc).contains("\"batch_id\": \"" + id + "\"");
    }
}
