package com.scalesense.agent.sim;

import com.scalesense.agent.scale.OutboxSink;

import com.scalesense.agent.batch.BatchContext;
import com.scalesense.agent.outbox.EntryKind;
import com.scalesense.agent.outbox.Outbox;
import com.scalesense.agent.outbox.OutboxEntry;
import com.scalesense.agent.outbox.PendingEntry;
import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.Reading;
import com.scalesense.protocol.WireCodec;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Test hook of {@code --simulate}: one line for every reading and event the outbox has durably
 * accepted, {@code <kind> <boot_id> <keg_id> <json>} where kind is {@code reading} or
 * {@code event}, keg_id is {@code -} when no keg is assigned and json is the record's exact wire
 * form ({@code WireCodec}, one line). Each line is one {@code write} straight to the OS, so a
 * SIGKILL loses no written line; a line is complete only with its {@code \n} (readers skip a last
 * line without one).
 *
 * <p>A line is written after the outbox's append returned, so a SIGKILL in between leaves a
 * durable record without a line. The next boot closes that gap before it records anything:
 * it cuts a torn last line off and appends a line for every pending outbox entry of an earlier
 * boot that the log lacks. (An entry the killed boot had also sealed into a batch in that instant
 * is not looked for: sealing needs the batcher's next round, far later than the line's write.)
 */
public final class AcceptedLog implements OutboxSink.Accepted, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(AcceptedLog.class);

    private final FileOutputStream out;
    private final WireCodec codec = new WireCodec();

    private AcceptedLog(FileOutputStream out) {
        this.out = out;
    }

    /** Opens the log of boot {@code bootId}, first completing it from {@code outbox} (see the class comment). */
    public static AcceptedLog open(Path file, String bootId, Outbox outbox) {
        try {
            Set<String> lines = trimTornLine(file);
            FileOutputStream out = new FileOutputStream(file.toFile(), true);
            AcceptedLog log = new AcceptedLog(out);
            int recovered = 0;
            for (PendingEntry p : outbox.pending(Integer.MAX_VALUE)) {
                OutboxEntry e = p.entry();
                BatchContext ctx = BatchContext.ofGroup(e.group());
                String line = line(e.kind() == EntryKind.READING ? "reading" : "event", ctx,
                        new String(e.body(), StandardCharsets.UTF_8));
                if (!ctx.bootId().equals(bootId) && !lines.contains(line)) {
                    log.write(line);
                    recovered++;
                }
            }
            if (recovered > 0) {
                LOG.info("simulate.accepted_log: {} durable records of an earlier boot had no line; added", recovered);
            }
            return log;
        } catch (IOException e) {
            throw new UncheckedIOException("simulate.accepted_log " + file + " cannot be opened", e);
        }
    }

    @Override
    public void reading(BatchContext ctx, Reading reading) {
        write(line("reading", ctx, new String(codec.encode(reading), StandardCharsets.UTF_8)));
    }

    @Override
    public void event(BatchContext ctx, DeviceEvent event) {
        write(line("event", ctx, new String(codec.encode(event), StandardCharsets.UTF_8)));
    }

    private static String line(String kind, BatchContext ctx, String json) {
        return kind + " " + ctx.bootId() + " " + (ctx.kegId() == null ? "-" : ctx.kegId()) + " " + json;
    }

    private void write(String line) {
        try {
            out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Cuts the file back to its last {@code \n} (a line torn by SIGKILL); returns the complete lines. */
    private static Set<String> trimTornLine(Path file) throws IOException {
        if (!Files.exists(file)) {
            return Set.of();
        }
        byte[] bytes = Files.readAllBytes(file);
        int end = bytes.length;
        while (end > 0 && bytes[end - 1] != '\n') {
            end--;
        }
        if (end < bytes.length) {
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
                ch.truncate(end);
            }
        }
        List<String> complete = new String(bytes, 0, end, StandardCharsets.UTF_8).lines().toList();
        return new HashSet<>(complete);
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
