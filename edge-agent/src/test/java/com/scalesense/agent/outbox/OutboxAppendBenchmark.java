package com.scalesense.agent.outbox;

import com.scalesense.protocol.KegState;
import com.scalesense.protocol.Reading;
import com.scalesense.protocol.SensorStatus;
import com.scalesense.protocol.TareStatus;
import com.scalesense.protocol.WireCodec;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Durable appends per second on this disk, not a test: the baseline is the raw cost of an
 * fsync here (FileChannel append + force per record), measured in the same run, and each engine
 * is printed as a ratio to it. Argument: records per measurement (default 2000). The directory
 * is the JVM's temp dir unless {@code -Dbench.dir} names one (use the SD card on a Pi).
 */
public final class OutboxAppendBenchmark {

    private OutboxAppendBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
        Path dir = Files.createTempDirectory(Path.of(System.getProperty("bench.dir", System.getProperty("java.io.tmpdir"))),
                "outbox-bench");
        byte[] body = new WireCodec().encode(new Reading(1_795_312_800_000L, 62.5, 9.69, 112.4, 77.5, 1.2, 8.1, 4.05, 88.0,
                4.5, Map.of("hx711", SensorStatus.OK), true, KegState.STABLE, TareStatus.COMPLETE));
        OutboxEntry entry = new OutboxEntry(EntryKind.READING, "ctx1|AA:BB:CC:DD:EE:FF|SCALE-0042|7c9e6679-7425-40de-944b-"
                + "e07fc1f90ae7|1.0.16|loc-001|loc-001#TAP#07|keg-20261120-ab12", 0, body);
        System.out.printf("records: %d, encoded reading: %d bytes, dir: %s%n", n, body.length, dir);
        baseline(dir.resolve("warmup.log"), n / 10);
        double base = baseline(dir.resolve("baseline.log"), n);
        print("baseline FileChannel append+force, 1 record/fsync", base, base);
        print("journal outbox, 1 reading/record", engine("journal", dir, entry, n, 1), base);
        print("journal outbox, 10 readings/record", engine("journal", dir, entry, n, 10), base);
        print("journal outbox, 100 readings/record", engine("journal", dir, entry, n, 100), base);
        print("sqlite outbox, 1 reading/transaction", engine("sqlite", dir, entry, n, 1), base);
        print("sqlite outbox, 10 readings/transaction", engine("sqlite", dir, entry, n, 10), base);
        print("sqlite outbox, 100 readings/transaction", engine("sqlite", dir, entry, n, 100), base);
        print("mapdb candidate, 1 reading/transaction", engine("mapdb", dir, entry, n, 1), base);
    }

    private static void print(String what, double perSecond, double base) {
        System.out.printf("%-52s %10.0f appends/s  ratio %6.2f x baseline%n", what, perSecond, perSecond / base);
    }

    /** Appends per second of plain records, each forced to the device. */
    private static double baseline(Path file, int n) throws IOException {
        byte[] record = new byte[300];
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND)) {
            long t0 = System.nanoTime();
            for (int i = 0; i < n; i++) {
                ch.write(ByteBuffer.wrap(record));
                ch.force(false);
            }
            return n / ((System.nanoTime() - t0) / 1e9);
        }
    }

    private static double engine(String engine, Path dir, OutboxEntry entry, int n, int perTransaction)
            throws IOException {
        // Each engine in its own directory: the journal would migrate an outbox.db beside it.
        Path file = dir.resolve(engine + "-" + perTransaction).resolve(CrashHarness.fileName(engine));
        Files.createDirectories(file.getParent());
        try (Outbox box = CrashWriter.open(engine, OutboxConfig.at(file))) {
            List<OutboxEntry> group = new ArrayList<>();
            for (int i = 0; i < perTransaction; i++) {
                group.add(entry);
            }
            for (int i = 0; i < n / 10; i += perTransaction) {
                box.appendAll(group);
            }
            long t0 = System.nanoTime();
            for (int i = 0; i < n; i += perTransaction) {
                box.appendAll(group);
            }
            return n / ((System.nanoTime() - t0) / 1e9);
        }
    }
}
