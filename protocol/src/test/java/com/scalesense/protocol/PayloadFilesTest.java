package com.scalesense.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Table of payload files under {@code payloads/}: each is named {@code kind--field--why.json}.
 * Every valid one must decode and validate; every invalid one must be rejected naming its field,
 * either by the codec (malformed) or by the validator (a violation of a rule).
 */
class PayloadFilesTest {

    private final WireCodec codec = new WireCodec();
    private final MessageValidator validator = new MessageValidator();

    static Stream<Path> valid() throws IOException, URISyntaxException {
        return files("valid");
    }

    static Stream<Path> invalid() throws IOException, URISyntaxException {
        return files("invalid");
    }

    private static Stream<Path> files(String dir) throws IOException, URISyntaxException {
        Path root = Path.of(Objects.requireNonNull(PayloadFilesTest.class.getResource("/payloads/" + dir)).toURI());
        try (var list = Files.list(root)) {
            return list.filter(p -> p.toString().endsWith(".json")).sorted().toList().stream();
        }
    }

    @Test
    void the_table_covers_every_message_kind() throws Exception {
        List<String> kinds = Stream.concat(valid(), invalid()).map(p -> kindOf(p)).distinct().sorted().toList();
        assertThat(kinds).containsExactly("batch", "command", "registration");
        assertThat(invalid().count()).isGreaterThanOrEqualTo(50);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("valid")
    void accepts_valid_payload(Path file) throws IOException {
        byte[] json = Files.readAllBytes(file);
        assertThatCode(() -> decodeAndValidate(kindOf(file), json)).doesNotThrowAnyException();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalid")
    void rejects_invalid_payload_naming_its_field(Path file) throws IOException {
        String[] parts = file.getFileName().toString().split("--");
        String expectedField = parts[1];
        byte[] json = Files.readAllBytes(file);

        Throwable thrown = catchThrowable(() -> decodeAndValidate(parts[0], json));

        assertThat(thrown).isInstanceOf(ProtocolException.class);
        if (thrown instanceof InvalidMessageException invalid) {
            assertThat(invalid.violations()).extracting(Violation::field).contains(expectedField);
            assertThat(invalid.violations()).allSatisfy(v -> assertThat(v.rule()).isNotBlank());
        } else {
            assertThat(thrown).isInstanceOf(MalformedMessageException.class);
            assertThat(((MalformedMessageException) thrown).path()).isEqualTo(expectedField);
        }
    }

    private void decodeAndValidate(String kind, byte[] json) {
        switch (kind) {
            case "batch" -> validator.requireValid(codec.decodeBatch(json));
            case "registration" -> validator.requireValid(codec.decodeRegistration(json));
            case "command" -> validator.requireValid(codec.decodeCommand(json));
            default -> throw new IllegalArgumentException("unknown message kind in file name: " + kind);
        }
    }

    private static String kindOf(Path file) {
        return file.getFileName().toString().split("--")[0];
    }
}
