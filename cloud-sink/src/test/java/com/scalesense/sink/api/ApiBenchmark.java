package com.scalesense.sink.api;

import com.scalesense.sink.admin.DeviceRegistry;
import com.scalesense.sink.admin.KegAssigner;
import com.scalesense.sink.admin.KegIds;
import com.scalesense.sink.admin.Taps;
import com.scalesense.sink.apikey.ApiKeyPepper;
import com.scalesense.sink.apikey.ApiKeys;
import com.scalesense.sink.query.TapQueries;
import com.scalesense.sink.seed.SeedLoader;
import com.scalesense.sink.seed.SeedReader;
import com.scalesense.sink.testing.Batches;
import com.scalesense.sink.testing.LocalDynamo;
import com.scalesense.sink.testing.SinkHarness;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * The dashboard call's latency on DynamoDB Local (in process) at 8 taps, three ways in one run:
 * the bare {@code TapQueries.dashboard} Query (baseline: the one read every dashboard needs),
 * {@link HttpApi#handle(ApiRequest)} in process (key check, settings, alerts and beer reads,
 * shaping, JSON), and a GET through {@link LocalApiServer} over HTTP on 127.0.0.1 with a
 * keep-alive client. Each is warmed up, then timed one call after another; prints p50, p99 and
 * mean in milliseconds and the ratios to the baseline. Not a test.
 * Run: {@code ./mvnw -B -q -pl cloud-sink -am -Pbench-api verify}; {@code -Dbench.calls=N} (default 1000).
 */
public final class ApiBenchmark {

    private static final String LOC = "loc-001";
    private static final int TAPS = 8;

    private ApiBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int calls = Integer.getInteger("bench.calls", 1000);
        ApiKeyPepper pepper = ApiKeyPepper.fromEnvironment(Map.of(ApiKeyPepper.ENV, "api-benchmark-pepper-0123"));
        try (LocalDynamo dynamo = LocalDynamo.start()) {
            SinkHarness sink = new SinkHarness(dynamo, Instant.ofEpochMilli(Batches.T0).plus(Duration.ofHours(1)));
            bar(dynamo, sink);
            String key = new ApiKeys(dynamo.client(), sink.names, pepper, new SecureRandom(), sink.clock)
                    .create("benchmark", Set.of(LOC)).rawKey();
            TapQueries taps = new TapQueries(dynamo.client(), sink.names);
            HttpApi api = HttpApi.create(dynamo.client(), sink.names, pepper, sink.clock);
            ApiRequest request = new ApiRequest("GET", "/v1/locations/" + LOC + "/dashboard",
                    Map.of(ApiRequest.API_KEY_HEADER, key), Map.of(), null, null);
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
            try (LocalApiServer server = LocalApiServer.start(api, 0, false)) {
                HttpRequest get = HttpRequest.newBuilder(server.uri().resolve("v1/locations/" + LOC + "/dashboard"))
                        .header(ApiRequest.API_KEY_HEADER, key).timeout(Duration.ofSeconds(30)).GET().build();
                int bytes = http.send(get, HttpResponse.BodyHandlers.ofString()).body().length();
                System.out.printf(Locale.ROOT, "data: %d taps at %s, each with a keg, a beer and a 10-reading batch;"
                        + " %d calls each after %d warm-up; DynamoDB Local in process; response %d bytes%n",
                        taps.dashboard(LOC).size(), LOC, calls, calls / 5, bytes);
                System.out.printf(Locale.ROOT, "%-48s %8s %8s %8s%n", "path", "p50 ms", "p99 ms", "mean ms");
                double[] base = time(calls, () -> taps.dashboard(LOC).size());
                double[] inProcess = time(calls, () -> api.handle(request).status());
                double[] overHttp = time(calls, () -> {
                    HttpResponse<String> r = http.send(get, HttpResponse.BodyHandlers.ofString());
                    if (r.statusCode() != 200) {
                        throw new IllegalStateException("dashboard answered " + r.statusCode() + ": " + r.body());
                    }
                    return r.statusCode();
                });
                print("TapQueries.dashboard, one Query (baseline)", base, base);
                print("HttpApi.handle in process", inProcess, base);
                print("GET over HTTP via LocalApiServer", overHttp, base);
            }
        }
    }

    /** Taps 01-04 from the seeds plus 05-08, a scale and a keg on each, one batch of readings per tap. */
    private static void bar(LocalDynamo dynamo, SinkHarness sink) {
        new SeedLoader(dynamo.client(), sink.names, sink.clock).load(SeedReader.read(
                // exec:java runs in the directory Maven was started from: the root, or cloud-sink
                Files.isDirectory(Path.of("seeds")) ? Path.of("seeds") : Path.of("../seeds")));
        KegAssigner assigner = new KegAssigner(dynamo.client(), sink.names, sink.clock, new KegIds(sink.clock, new SecureRandom()));
        List<String> beers = List.of("coors-light", "modelo-especial", "lagunitas-ipa", "guinness-draught");
        for (int t = 1; t <= TAPS; t++) {
            String nn = String.format(Locale.ROOT, "%02d", t);
            String device = String.format(Locale.ROOT, "SCALE-%04d", t);
            String hardware = String.format(Locale.ROOT, "B8:27:EB:00:00:%02X", t);
            if (t > 4) {
                new Taps(dynamo.client(), sink.names).create(LOC, nn, "Tap " + t);
                new DeviceRegistry(dynamo.client(), sink.names, sink.clock).register(device, hardware, LOC, nn);
            }
            String kegId = assigner.assign(LOC, nn, beers.get(t % beers.size()), "half_barrel").kegId();
            // tap 8 runs low, so one tap carries a low_keg alert
            double start = t == TAPS ? 16.0 : 100.0 - 9 * t;
            sink.service().ingest(Batches.forTap(hardware, device, LOC + "#TAP#" + nn, kegId,
                    Batches.series(Batches.T0, 10, start, t == TAPS ? 0.2 : 0.5)), device);
        }
    }

    /** Warm-up of a fifth as many calls, then per-call times: {p50, p99, mean} in milliseconds. */
    private static double[] time(int calls, Callable<Integer> call) throws Exception {
        for (int i = 0; i < calls / 5; i++) {
            call.call();
        }
        double[] ms = new double[calls];
        for (int i = 0; i < calls; i++) {
            long t0 = System.nanoTime();
            call.call();
            ms[i] = (System.nanoTime() - t0) / 1e6;
        }
        double mean = Arrays.stream(ms).average().orElse(0);
        Arrays.sort(ms);
        return new double[] {ms[(int) Math.ceil(0.50 * calls) - 1], ms[(int) Math.ceil(0.99 * calls) - 1], mean};
    }

    private static void print(String path, double[] m, double[] base) {
        System.out.printf(Locale.ROOT, "%-48s %8.2f %8.2f %8.2f   (p50 x%.1f, p99 x%.1f of baseline)%n",
                path, m[0], m[1], m[2], m[0] / base[0], m[1] / base[1]);
    }
}
