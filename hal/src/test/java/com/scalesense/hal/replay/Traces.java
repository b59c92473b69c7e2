package com.scalesense.hal.replay;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Trace texts for tests. */
final class Traces {

    static final String HEADER = """
            # scale-sense trace v1
            # rate_sps=80
            # gain=A_128
            # started_at=2026-11-22T02:00:00Z
            # device_id=SCALE-0042
            # note=half barrel, tap 7
            timestamp_ms,raw_counts,status
            """;

    private Traces() {
    }

    static Path write(Path dir, String name, String text) {
        try {
            return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
