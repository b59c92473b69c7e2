package com.scalesense.agent.outbox;

import com.scalesense.agent.outbox.internal.SqliteOutbox;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The process {@link OutboxCrashIT} kills: appends, seals and acknowledges as fast as it can and
 * prints each step to stdout only AFTER the outbox call returned, so every printed line is a
 * promise the outbox must keep after SIGKILL.
 *
 * <pre>
 * A seq                 append of reading seq returned (acknowledged durable)
 * S batch_id sha256     seal returned
 * P batch_id sha256 payload   about to acknowledge (publish) this batch
 * </pre>
 *
 * Arguments: engine, file, max bytes, optionally {@code outage} (never publishes, so sealed
 * batches pile up against the bound), run number (sequence numbers are run × 1 000 000 + i).
 */
public final class CrashWriter {

    static final String BOOT = "crash-boot";

    private CrashWriter() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[1]);
        long maxBytes = Long.parseLong(args[2]);
        long run = Long.parseLong(args[args.length - 1]);
        boolean outage = args.length == 5 && args[3].equals("outage");
        try (Outbox box = open(args[0], new OutboxConfig(file, maxBytes))) {
            System.out.println("READY");
            for (long i = 0; i < 1_000_000; i++) {
                long seq = run * 1_000_000 + i;
                box.append(new OutboxEntry(EntryKind.READING, "g", i, body(seq)));
                System.out.println("A " + seq);
                if (i % 7 == 6) {
                    seal(box);
                }
                if (i % 11 == 10 && !outage) {
                    publishOne(box);
                }
            }
        }
    }

    static Outbox open(String engine, OutboxConfig config) {
        return switch (engine) {
            case "journal" -> Outboxes.open(config, Clock.systemUTC());
            case "sqlite" -> SqliteOutbox.open(config, Clock.systemUTC());
            case "mapdb" -> MapDbCandidateOutbox.open(config, Clock.systemUTC());
            default -> throw new IllegalArgumentException("engine must be journal, sqlite or mapdb, was " + engine);
        };
    }

    /** 200 bytes: about the size of an encoded reading. */
    static byte[] body(long seq) {
        String s = seq + ":";
        return (s + "r".repeat(200 - s.length())).getBytes(StandardCharsets.UTF_8);
    }

    static long seqOf(byte[] body) {
        String s = new String(body, StandardCharsets.UTF_8);
        return Long.parseLong(s.substring(0, s.indexOf(':')));
    }

    private static void seal(Outbox box) {
        List<PendingEntry> taken = box.pending(10);
        if (taken.isEmpty()) {
            return;
        }
        long end = box.lastWindowEnd(BOOT).orElse(0) + 1;
        String id = "B" + end;
        String seqs = taken.stream().map(p -> Long.toString(seqOf(p.entry().body()))).collect(Collectors.joining(","));
        byte[] payload = seqs.getBytes(StandardCharsets.UTF_8);
        try {
            box.seal(new SealRequest(new SealedBatch(id, payload), BOOT, end, taken.get(0).seq(),
                    taken.get(taken.size() - 1).seq(), taken.size()));
            System.out.println("S " + id + " " + sha256(payload));
        } catch (SealConflictException e) {
            System.out.println("C " + id);
        }
    }

    private static void publishOne(Outbox box) {
        for (SealedBatch b : box.oldest(1)) {
            System.out.println("P " + b.batchId() + " " + sha256(b.payload()) + " "
                    + new String(b.payload(), StandardCharsets.UTF_8));
            box.acknowledge(b.batchId());
        }
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
