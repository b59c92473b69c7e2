package com.scalesense.agent.runtime;

import com.scalesense.protocol.Reading;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * Test hook of {@code --simulate}: appends {@code boot_id timestamp_ms} for every reading the
 * outbox has durably accepted, one line each, written straight to the OS (a SIGKILL loses no
 * written line). The crash test compares this list with what reached the broker.
 */
final class AcceptedLog implements Consumer<Reading>, AutoCloseable {

    private final FileOutputStream out;
    private final String bootId;

    AcceptedLog(Path file, String bootId) {
        try {
            this.out = new FileOutputStream(file.toFile(), true);
        } catch (IOException e) {
            throw new UncheckedIOException("simulate.accepted_log " + file + " cannot be opened", e);
        }
        this.bootId = bootId;
    }

    @Override
    public void accept(Reading reading) {
        try {
            out.write((bootId + " " + reading.timestampMs() + "\n").getBytes(StandardCharsets.US_ASCII));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        try {
            out.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
