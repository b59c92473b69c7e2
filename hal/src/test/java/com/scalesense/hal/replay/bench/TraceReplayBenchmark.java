package com.scalesense.hal.replay.bench;

import com.scalesense.hal.RawSample;
import com.scalesense.hal.SampleRate;
import com.scalesense.hal.SampleStatus;
import com.scalesense.hal.replay.ReplayClock;
import com.scalesense.hal.replay.ReplayLoadCell;
import com.scalesense.hal.replay.ReplayOptions;
import com.scalesense.hal.replay.TraceGain;
import com.scalesense.hal.replay.TraceHeader;
import com.scalesense.hal.replay.TraceRecorder;
import com.scalesense.hal.replay.TraceSummary;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Random;

/**
 * Trace throughput and memory benchmark (not a test). Records a synthetic trace of
 * {@code --hours} (default 3) at 80 SPS, then times recording, a full check and an as-fast-as-possible
 * replay (which checks the whole file first, then plays it: two passes) against plain buffered line
 * I/O of the same file in the same run, and compares the heap held mid-replay with the file size.
 * Everything runs twice; the second round is printed.
 *
 * <pre>
 * ./mvnw -B -q -pl hal -am test-compile
 * java -Xmx256m -cp hal/target/classes:hal/target/test-classes com.scalesense.hal.replay.bench.TraceReplayBenchmark
 * </pre>
 */
public final class TraceReplayBenchmark {

    private static final long MS = 1_000_000L;
    private static final long WALL = 1_795_305_600_000L;

    private TraceReplayBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int hours = args.length > 1 && "--hours".equals(args[0]) ? Integer.parseInt(args[1]) : 3;
        int rows = hours * 3600 * SampleRate.SPS_80.samplesPerSecond();
        Path dir = Files.createTempDirectory("trace-bench");
        Path trace = dir.resolve("trace.csv");
        Path plain = dir.resolve("plain.csv");
        try {
            // round 1 warms the JIT up; round 2 is reported
            long record = 0;
            long write = 0;
            long read = 0;
            long scan = 0;
            long[] replay = null;
            for (int round = 0; round < 2; round++) {
                Files.deleteIfExists(trace);
                Files.deleteIfExists(plain);
                record = record(trace, rows);
                write = writePlain(trace, plain);
                read = readPlain(trace);
                scan = time(() -> TraceSummary.scan(trace));
                replay = replay(trace, rows);
            }
            long size = Files.size(trace);
            System.out.printf(Locale.ROOT, "trace benchmark: %d rows (%d h at 80 SPS), %.1f MB%n", rows, hours,
                    size / 1e6);
            line("record (TraceRecorder)", record, "plain BufferedWriter copy", write);
            line("check (TraceSummary.scan)", scan, "plain BufferedReader.readLine", read);
            line("replay as fast as possible", replay[0], "plain BufferedReader.readLine", read);
            System.out.printf(Locale.ROOT, "heap held mid-replay: %.0f KB = %.4f x file size (%.1f MB)%n",
                    replay[1] / 1e3, replay[1] / (double) size, size / 1e6);
        } finally {
            Files.deleteIfExists(trace);
            Files.deleteIfExists(plain);
            Files.deleteIfExists(dir);
        }
    }

    private static void line(String what, long nanos, String baseline, long baselineNanos) {
        System.out.printf(Locale.ROOT, "%-28s %8.0f ms   baseline %-30s %8.0f ms   ratio %.2f%n", what, nanos / 1e6,
                baseline, baselineNanos / 1e6, nanos / (double) baselineNanos);
    }

    private static long record(Path trace, int rows) {
        TraceHeader header = TraceHeader.of(SampleRate.SPS_80, TraceGain.A_128, Instant.ofEpochMilli(WALL));
        Random random = new Random(20261122);
        return time(() -> {
            try (TraceRecorder recorder = TraceRecorder.create(trace, header, Duration.ofSeconds(1))) {
                for (int i = 0; i < rows; i++) {
                    long elapsedMs = i * 25L / 2;
                    recorder.record(new RawSample(1_200_000 + random.nextInt(2_000), elapsedMs * MS,
                            WALL + elapsedMs, SampleStatus.OK));
                }
            }
        });
    }

    private static long writePlain(Path from, Path to) {
        return time(() -> {
            try (BufferedReader in = Files.newBufferedReader(from, StandardCharsets.UTF_8);
                 BufferedWriter out = Files.newBufferedWriter(to, StandardCharsets.UTF_8)) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    out.write(line);
                    out.write('\n');
                }
            }
        });
    }

    private static long readPlain(Path file) {
        return time(() -> {
            try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                long count = 0;
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    count += line.length();
                }
                if (count == 0) {
                    throw new IllegalStateException("empty");
                }
            }
        });
    }

    /** @return {elapsed nanos, heap bytes held at the middle of the replay above the heap before it} */
    private static long[] replay(Path trace, int rows) throws InterruptedException {
        long before = heapAfterGc();
        long held = 0;
        long start = System.nanoTime();
        try (ReplayLoadCell cell = ReplayLoadCell.open(trace, ReplayOptions.asFastAsPossible(), ReplayClock.system())) {
            for (int i = 0; i < rows; i++) {
                cell.read(Duration.ofSeconds(1));
                if (i == rows / 2) {
                    long pause = System.nanoTime();
                    held = heapAfterGc() - before;
                    start += System.nanoTime() - pause;
                }
            }
        }
        return new long[] {System.nanoTime() - start, Math.max(0, held)};
    }

    private static long heapAfterGc() {
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private interface Work {
        void run() throws IOException;
    }

    private static long time(Work work) {
        long start = System.nanoTime();
        try {
            work.run();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return System.nanoTime() - start;
    }
}
