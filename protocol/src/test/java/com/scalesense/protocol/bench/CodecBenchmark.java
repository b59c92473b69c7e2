package com.scalesense.protocol.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.scalesense.protocol.BatchId;
import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.KegState;
import com.scalesense.protocol.MalformedMessageException;
import com.scalesense.protocol.MessageValidator;
import com.scalesense.protocol.Reading;
import com.scalesense.protocol.ReadingsBatch;
import com.scalesense.protocol.SensorStatus;
import com.scalesense.protocol.TareStatus;
import com.scalesense.protocol.WireCodec;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Sink hot-path benchmark (not a test): decoding and validating a full batch of 100 readings
 * and 4 events, against a plain untyped Jackson parse ({@code ObjectMapper.readTree}) of the
 * same bytes measured in the same run. Also times the rejection of a 60 000-deep nesting bomb
 * against that baseline.
 *
 * <pre>
 * ./mvnw -B -q -pl protocol -am test-compile
 * java -cp "protocol/target/classes:protocol/target/test-classes:$(cat /tmp/protocol-cp.txt)" \
 *     com.scalesense.protocol.bench.CodecBenchmark
 * </pre>
 * where {@code /tmp/protocol-cp.txt} comes from
 * {@code ./mvnw -B -q -pl protocol dependency:build-classpath -Dmdep.outputFile=/tmp/protocol-cp.txt}.
 *
 * <p>With an argument, the classpath of another build of the codec (its protocol classes and its
 * Jackson jars, e.g. the databind codec before issue 18), it also times that codec's encode and
 * decode of the same batch in the same JVM (its own class loader), round by round beside this one's,
 * after checking that both write the same bytes.
 */
public final class CodecBenchmark {

    private static final int ROUNDS = Integer.getInteger("rounds", 5);
    private static final int ITERATIONS = 2_000;
    private static final long START = 1_704_067_200_000L;

    private CodecBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        var codec = new WireCodec();
        var validator = new MessageValidator();
        var plain = new ObjectMapper();
        byte[] json = codec.encode(batch());
        int depth = 60_000;
        byte[] bomb = ("{\"schema_version\":1,\"x\":" + "[".repeat(depth) + "]".repeat(depth) + "}")
                .getBytes(StandardCharsets.UTF_8);
        ReadingsBatch decoded = codec.decodeBatch(json);

        System.out.printf(Locale.ROOT, "codec benchmark: batch of 100 readings + 4 events, %d bytes; %d rounds of %d%n",
                json.length, ROUNDS, ITERATIONS);
        for (int round = 1; round <= ROUNDS; round++) {
            long baseline = time(() -> readTree(plain, json));
            long decode = time(() -> codec.decodeBatch(json));
            long validate = time(() -> validator.check(decoded));
            long bombBaseline = time(() -> readTree(plain, json));
            long reject = time(() -> rejects(codec, bomb));
            System.out.printf(Locale.ROOT, "round %d: baseline readTree %7.1f us | decodeBatch %7.1f us ratio %.2f"
                            + " | validate %6.1f us ratio %.2f | reject nesting bomb (%d B) %7.1f us ratio %.2f%n",
                    round, micros(baseline), micros(decode), decode / (double) baseline, micros(validate),
                    validate / (double) baseline, bomb.length, micros(reject), reject / (double) bombBaseline);
        }
        if (args.length > 0) {
            compare(args[0], codec, json);
        }
    }

    /** Encode and decode of {@code json} by the codec built from {@code classpath} against this one. */
    private static void compare(String classpath, WireCodec codec, byte[] json) throws Exception {
        List<URL> urls = new ArrayList<>();
        for (String entry : classpath.split(":")) {
            urls.add(Path.of(entry).toUri().toURL());
        }
        try (var loader = new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader())) {
            Class<?> type = loader.loadClass(WireCodec.class.getName());
            Object other = type.getConstructor().newInstance();
            Method decode = type.getMethod("decodeBatch", byte[].class);
            Method encode = type.getMethod("encode", Object.class);
            Object otherBatch = decode.invoke(other, json);
            ReadingsBatch batch = codec.decodeBatch(json);
            boolean same = Arrays.equals((byte[]) encode.invoke(other, otherBatch), codec.encode(batch));
            System.out.printf(Locale.ROOT, "against %s: same bytes %s%n", classpath.split(":")[0], same);
            // CPU time of this thread, not wall time: on a shared machine a round's wall time is
            // mostly other processes' turns
            for (int round = 1; round <= ROUNDS; round++) {
                long otherDecode = cpuTime(() -> invoke(decode, other, json));
                long thisDecode = cpuTime(() -> codec.decodeBatch(json));
                long otherEncode = cpuTime(() -> invoke(encode, other, otherBatch));
                long thisEncode = cpuTime(() -> codec.encode(batch));
                System.out.printf(Locale.ROOT, "round %d (thread CPU): decodeBatch other %7.1f us, this %7.1f us, ratio"
                                + " %.2f | encode other %7.1f us, this %7.1f us, ratio %.2f%n", round, micros(otherDecode),
                        micros(thisDecode), thisDecode / (double) otherDecode, micros(otherEncode), micros(thisEncode),
                        thisEncode / (double) otherEncode);
            }
        }
    }

    private static Object invoke(Method method, Object target, Object arg) {
        try {
            return method.invoke(target, arg);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Object readTree(ObjectMapper mapper, byte[] json) {
        try {
            return mapper.readTree(json);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Object rejects(WireCodec codec, byte[] bomb) {
        try {
            return codec.decodeBatch(bomb);
        } catch (MalformedMessageException expected) {
            return expected;
        }
    }

    /** Mean wall-clock nanoseconds per call over {@link #ITERATIONS} calls. */
    private static long time(Supplier<Object> work) {
        return time(work, System::nanoTime);
    }

    /** Mean CPU nanoseconds of this thread per call over {@link #ITERATIONS} calls. */
    private static long cpuTime(Supplier<Object> work) {
        return time(work, ManagementFactory.getThreadMXBean()::getCurrentThreadCpuTime);
    }

    private static long time(Supplier<Object> work, LongSupplier clock) {
        Object sink = null;
        long start = clock.getAsLong();
        for (int i = 0; i < ITERATIONS; i++) {
            sink = work.get();
        }
        long elapsed = clock.getAsLong() - start;
        if (sink == null) {
            throw new IllegalStateException("the work produced nothing");
        }
        return elapsed / ITERATIONS;
    }

    private static double micros(long nanos) {
        return nanos / 1_000.0;
    }

    private static ReadingsBatch batch() {
        String mac = "AA:BB:CC:DD:EE:FF";
        String boot = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
        List<Reading> readings = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            readings.add(new Reading(START + 1_000L * (i + 1), 62.5 - i * 0.01, 9.69, 112.4, 77.5, 1.2, 8.1, 4.05,
                    88.0, 4.5, Map.of("hx711", SensorStatus.OK, "max17048", SensorStatus.OK, "ds18b20", SensorStatus.OK),
                    true, KegState.STABLE, TareStatus.COMPLETE));
        }
        List<DeviceEvent> events = List.of(
                new DeviceEvent.Pour(START + 50_000, true, START + 42_000, START + 50_000, 16.0, 473.18),
                new DeviceEvent.KegSwap(START + 60_000, true, "keg-20260318-007", "keg-20260320-V1St", 160.9),
                new DeviceEvent.Tare(START + 70_000, true, "empty", "keg-20260320-V1St", "half_barrel", 29.4, null,
                        TareStatus.EMPTY_SET),
                new DeviceEvent.SensorError(START + 80_000, true, "hx711", SensorStatus.ERROR, "dout stuck high"));
        String batchId = new BatchId(mac, boot, START, START + 600_000).toString();
        return new ReadingsBatch(ReadingsBatch.SCHEMA_VERSION, mac, "SCALE-0042", boot, "1.0.16", batchId, "loc-001",
                "loc-001#TAP#07", "keg-20260318-007", readings, events);
    }
}
