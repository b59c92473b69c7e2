package com.scalesense.demo.cloud;

import com.scalesense.agent.clock.SuppliedClock;
import com.scalesense.sink.admin.KegAssigner;
import com.scalesense.sink.admin.KegIds;
import com.scalesense.sink.api.HttpApi;
import com.scalesense.sink.api.LocalApiServer;
import com.scalesense.sink.apikey.ApiKeyPepper;
import com.scalesense.sink.apikey.ApiKeys;
import com.scalesense.sink.apikey.CreatedApiKey;
import com.scalesense.sink.command.ScaleCommands;
import java.net.URI;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.HexFormat;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * The demo bar's HTTP API and dashboard page ({@code --serve}): the sink's {@link LocalApiServer}
 * on 127.0.0.1 over the demo's tables, and one API key for the bar made with the admin's
 * {@link ApiKeys}, so the printed {@link #pageUri()} opens the page ready to read. A keg assigned
 * through the API is sent to the tap's scale through the given {@link ScaleCommands} (the demo's
 * broker), as the Lambda sends it through the IoT data plane.
 *
 * <p>The API's clock is the bar's, stopped at closing time: the evening's simulated time runs
 * hundreds of times faster than real time, and a clock that ran on past the evening would, within
 * a minute of real time, call every tap stale and soon slide the level charts' last 24 hours past
 * the evening.
 */
public final class LocalDashboard implements AutoCloseable {

    private final LocalApiServer server;
    private final String locId;
    private final CreatedApiKey key;
    private final ApiKeys keys;

    private LocalDashboard(LocalApiServer server, String locId, CreatedApiKey key, ApiKeys keys) {
        this.server = server;
        this.locId = locId;
        this.key = key;
        this.keys = keys;
    }

    /**
     * Starts the API and the page on 127.0.0.1:{@code port} (0: a free port) and makes a key for
     * {@code locId}. The pepper is new per run: the tables live in memory and go with the process.
     *
     * @param barTimeMs     the bar's time, epoch ms (the demo's simulated clock)
     * @param closingTimeMs the end of the evening, epoch ms: the API's clock stops there
     */
    public static LocalDashboard start(LocalTables tables, ScaleCommands commands, LongSupplier barTimeMs,
                                       long closingTimeMs, String locId, int port) {
        SecureRandom random = new SecureRandom();
        byte[] secret = new byte[16];
        random.nextBytes(secret);
        ApiKeyPepper pepper = ApiKeyPepper.fromEnvironment(Map.of(ApiKeyPepper.ENV, HexFormat.of().formatHex(secret)));
        Clock clock = new SuppliedClock(() -> Math.min(barTimeMs.getAsLong(), closingTimeMs));
        ApiKeys keys = new ApiKeys(tables.client(), tables.names(), pepper, random, clock);
        CreatedApiKey key = keys.create("demo dashboard (--serve)", Set.of(locId));
        KegAssigner assigner = new KegAssigner(tables.client(), tables.names(), clock, new KegIds(clock, random), commands);
        LocalApiServer server = LocalApiServer.start(HttpApi.create(tables.client(), tables.names(), pepper, clock,
                assigner, commands), port, true);
        return new LocalDashboard(server, locId, key, keys);
    }

    /** The page with the location and the key in its fragment (the page stores both and drops them from the address bar). */
    public URI pageUri() {
        return URI.create(server.uri() + "#loc=" + locId + "&key=" + key.rawKey());
    }

    /** {@code http://127.0.0.1:<port>/}: the page, and the API under {@code /v1/}. */
    public URI baseUri() {
        return server.uri();
    }

    /** The API's keys (same pepper, same clock): more keys, or a revocation, as the admin makes them. */
    public ApiKeys apiKeys() {
        return keys;
    }

    /** The key for the bar (64 hex), to call the API by hand. */
    public String rawKey() {
        return key.rawKey();
    }

    @Override
    public void close() {
        server.close();
    }
}
