package com.scalesense.sink.api;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.scalesense.protocol.SafeText;
import com.scalesense.sink.admin.BeerLibrary;
import com.scalesense.sink.admin.KegAssigner;
import com.scalesense.sink.admin.KegIds;
import com.scalesense.sink.admin.LocationSettingsStore;
import com.scalesense.sink.apikey.ApiKeyPepper;
import com.scalesense.sink.command.ScaleCommands;
import com.scalesense.sink.apikey.ApiKeys;
import com.scalesense.sink.query.AlertQueries;
import com.scalesense.sink.query.Analytics;
import com.scalesense.sink.query.CatalogQueries;
import com.scalesense.sink.query.DeviceQueries;
import com.scalesense.sink.query.DeviceReadingQueries;
import com.scalesense.sink.query.TapQueries;
import com.scalesense.sink.tables.TableNames;
import com.scalesense.sink.validation.InvalidInputException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The HTTP API of openapi.yaml over the query and admin functions, the same code behind API
 * Gateway ({@link #handle(APIGatewayV2HTTPEvent)}, payload format 2.0) and behind
 * {@link LocalApiServer}. Per request: route (404/405), API key and its location scope (401/400/403),
 * then the route's handler; every answer is JSON with CORS headers, and nothing is written when a
 * request is refused. Thread-safe: routes hold no request state, so one instance serves a server's
 * threads.
 */
public final class HttpApi {

    private static final Logger LOG = LoggerFactory.getLogger(HttpApi.class);

    /**
     * The page may be served from another origin (a static site beside the API). {@code *} is safe
     * here: the key travels in a header the page sets, never in a cookie a browser adds by itself.
     */
    static final Map<String, String> CORS = Map.of(
            "access-control-allow-origin", "*",
            "access-control-allow-methods", "GET, POST, PUT, OPTIONS",
            "access-control-allow-headers", "content-type, x-api-key",
            "access-control-max-age", "600");

    private final Router router;
    private final ApiAuth auth;

    HttpApi(List<Route> routes, ApiAuth auth) {
        this.router = new Router(routes);
        this.auth = auth;
    }

    /**
     * Every route over the tables named by {@code names}; {@code clock} dates assignments and "now".
     * Keg assignments go through a {@link KegAssigner} without a command channel of its own.
     */
    public static HttpApi create(DynamoDbClient client, TableNames names, ApiKeyPepper pepper, Clock clock) {
        return create(client, names, pepper, clock, new KegAssigner(client, names, clock, new KegIds(clock, new SecureRandom())));
    }

    /** As above, assigning kegs through {@code assigner} (e.g. one that also tells the tap's scale). */
    public static HttpApi create(DynamoDbClient client, TableNames names, ApiKeyPepper pepper, Clock clock,
                                 KegAssigner assigner) {
        return create(client, names, pepper, clock, assigner, null);
    }

    /**
     * As above; a settings change also sends each scale of the location its low-keg rule through
     * {@code commands} ({@code set_low_keg}, issue 18), null for none.
     */
    public static HttpApi create(DynamoDbClient client, TableNames names, ApiKeyPepper pepper, Clock clock,
                                 KegAssigner assigner, ScaleCommands commands) {
        TapQueries taps = new TapQueries(client, names);
        AlertQueries alerts = new AlertQueries(client, names);
        CatalogQueries catalog = new CatalogQueries(client, names);
        LocationSettingsStore settings = new LocationSettingsStore(client, names, clock);
        List<Route> routes = new ArrayList<>();
        routes.addAll(new TapRoutes(taps, alerts, catalog, settings, assigner, clock).routes());
        routes.addAll(new CatalogRoutes(new BeerLibrary(client, names, clock), catalog,
                new Analytics(client, names, clock), clock).routes());
        routes.addAll(new LocationRoutes(alerts, settings, new DeviceQueries(client, names),
                new DeviceReadingQueries(client, names), clock, commands).routes());
        return new HttpApi(routes, new ApiAuth(new ApiKeys(client, names, pepper, new SecureRandom(), clock)));
    }

    /** The routes, in match order (OpenApiContractTest compares them with openapi.yaml). */
    public List<Route> routes() {
        return router.routes();
    }

    /** Answers one request; never throws. */
    public ApiResponse handle(ApiRequest request) {
        if (request.method().equals("OPTIONS")) {
            // CORS preflight: a browser sends it without the key before a PUT/POST or a custom header.
            return new ApiResponse(204, null, Map.of());
        }
        try {
            Router.Matched m = router.route(request);
            auth.authorise(m.request());
            return m.route().handler().handle(m.request());
        } catch (RuntimeException e) {
            ApiResponse known = ErrorResponses.of(e);
            if (known != null) {
                return known;
            }
            String id = UUID.randomUUID().toString();
            // the path is the caller's text: escaped so it cannot forge a log line
            LOG.error("{} {} failed (request {})", SafeText.quote(request.method()), SafeText.line(request.path()), id, e);
            return ErrorResponses.internal(id);
        }
    }

    /** API Gateway HTTP API, payload format 2.0. */
    public APIGatewayV2HTTPResponse handle(APIGatewayV2HTTPEvent event) {
        ApiResponse r;
        try {
            r = handle(request(event));
        } catch (IllegalArgumentException badBase64) {
            r = ErrorResponses.of(new InvalidInputException("body", "<base64>", "must be valid base64 when isBase64Encoded"));
        }
        return APIGatewayV2HTTPResponse.builder().withStatusCode(r.status()).withHeaders(headers(r))
                .withBody(body(r)).withIsBase64Encoded(false).build();
    }

    /** Every response's headers: JSON, CORS and the route's own. */
    static Map<String, String> headers(ApiResponse r) {
        Map<String, String> h = new LinkedHashMap<>(CORS);
        if (r.body() != null) {
            h.put("content-type", "application/json; charset=utf-8");
        }
        h.put("cache-control", "no-store");
        h.putAll(r.headers());
        return h;
    }

    /** The JSON text of a response, null for none (204). */
    static String body(ApiResponse r) {
        return r.body() == null ? null : Json.write(r.body());
    }

    static ApiRequest request(APIGatewayV2HTTPEvent event) {
        var context = event.getRequestContext();
        String method = context == null || context.getHttp() == null ? "GET" : context.getHttp().getMethod();
        String body = event.getBody();
        if (body != null && event.getIsBase64Encoded()) {
            body = new String(Base64.getDecoder().decode(body), StandardCharsets.UTF_8);
        }
        String path = event.getRawPath() != null ? event.getRawPath() : context.getHttp().getPath();
        return new ApiRequest(method, path, event.getHeaders(), event.getQueryStringParameters(), body, null);
    }
}
