package com.scalesense.sink.api;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.scalesense.sink.apikey.ApiKeyPepper;
import com.scalesense.sink.tables.TableNames;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The API on this machine, for the demo and the tests: the JDK's HTTP server on 127.0.0.1, each
 * exchange turned into the same {@link APIGatewayV2HTTPEvent} API Gateway sends and answered by the
 * same {@link HttpApi}. Optionally serves the dashboard page's static files from the classpath
 * folder {@value #STATIC_ROOT} on every path outside {@code /v1/} ({@code /} is
 * {@code index.html}); a file that is not there is a 404.
 */
public final class LocalApiServer implements AutoCloseable {

    /** Classpath folder of the dashboard page (cloud-sink/src/main/resources/dashboard). */
    public static final String STATIC_ROOT = "dashboard/";
    private static final Map<String, String> CONTENT_TYPES = Map.of(
            "html", "text/html; charset=utf-8", "js", "text/javascript; charset=utf-8",
            "css", "text/css; charset=utf-8", "svg", "image/svg+xml", "png", "image/png",
            "json", "application/json; charset=utf-8", "ico", "image/x-icon");
    private static final String NODELAY = "sun.net.httpserver.nodelay";
    /** A dashboard polls every few seconds; four threads serve a few browsers and a benchmark. */
    private static final int THREADS = 4;

    static {
        // The JDK server writes headers and body separately; with Nagle's algorithm on, the body
        // waits for the client's delayed ACK, about 40 ms per response (measured by ApiBenchmark:
        // p50 50.6 ms over HTTP against 2.2 ms in process). Read once, when the server classes load.
        if (System.getProperty(NODELAY) == null) {
            System.setProperty(NODELAY, "true");
        }
    }

    private final HttpServer server;
    private final ExecutorService executor;
    private final HttpApi api;
    private final boolean serveStatic;

    private LocalApiServer(HttpServer server, ExecutorService executor, HttpApi api, boolean serveStatic) {
        this.server = server;
        this.executor = executor;
        this.api = api;
        this.serveStatic = serveStatic;
    }

    /**
     * Starts the API and the dashboard page on 127.0.0.1:{@code port} (0: a free port; see {@link #uri()}).
     *
     * @throws UncheckedIOException when the port cannot be bound
     */
    public static LocalApiServer start(DynamoDbClient client, TableNames names, ApiKeyPepper pepper, Clock clock, int port) {
        return start(HttpApi.create(client, names, pepper, clock), port, true);
    }

    /** As above with a given API; {@code serveStatic} false answers 404 outside {@code /v1/}. */
    public static LocalApiServer start(HttpApi api, int port, boolean serveStatic) {
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot listen on 127.0.0.1:" + port, e);
        }
        ExecutorService executor = Executors.newFixedThreadPool(THREADS, r -> {
            Thread t = new Thread(r, "local-api");
            t.setDaemon(true);
            return t;
        });
        LocalApiServer local = new LocalApiServer(server, executor, api, serveStatic);
        server.createContext("/", local::exchange);
        server.setExecutor(executor);
        server.start();
        return local;
    }

    /** {@code http://127.0.0.1:<port>/}. */
    public URI uri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
    }

    public int port() {
        return server.getAddress().getPort();
    }

    private void exchange(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getRawPath();
            if (path.startsWith("/v1/") || exchange.getRequestMethod().equals("OPTIONS")) {
                APIGatewayV2HTTPResponse r = api.handle(event(exchange));
                byte[] body = r.getBody() == null ? new byte[0] : r.getBody().getBytes(StandardCharsets.UTF_8);
                r.getHeaders().forEach((k, v) -> exchange.getResponseHeaders().set(k, v));
                send(exchange, r.getStatusCode(), body);
            } else {
                staticFile(exchange, path);
            }
        }
    }

    /** The exchange as API Gateway would have delivered it (payload format 2.0). */
    private static APIGatewayV2HTTPEvent event(HttpExchange exchange) throws IOException {
        Map<String, String> headers = new LinkedHashMap<>();
        exchange.getRequestHeaders().forEach((k, v) -> headers.put(k.toLowerCase(java.util.Locale.ROOT), String.join(",", v)));
        String rawQuery = exchange.getRequestURI().getRawQuery();
        String body;
        try (InputStream in = exchange.getRequestBody()) {
            // One byte over the limit is enough for JsonBody to refuse it by size.
            byte[] bytes = in.readNBytes(JsonBody.MAX_BYTES + 1);
            body = bytes.length == 0 ? null : new String(bytes, StandardCharsets.UTF_8);
        }
        return APIGatewayV2HTTPEvent.builder().withVersion("2.0").withRawPath(exchange.getRequestURI().getRawPath())
                .withRawQueryString(rawQuery == null ? "" : rawQuery).withHeaders(headers)
                .withQueryStringParameters(query(rawQuery)).withBody(body).withIsBase64Encoded(false)
                .withRequestContext(APIGatewayV2HTTPEvent.RequestContext.builder()
                        .withHttp(APIGatewayV2HTTPEvent.RequestContext.Http.builder()
                                .withMethod(exchange.getRequestMethod()).withPath(exchange.getRequestURI().getRawPath())
                                .withSourceIp(exchange.getRemoteAddress().getAddress().getHostAddress()).build())
                        .build())
                .build();
    }

    /** Decoded query parameters; API Gateway joins a repeated name's values with commas, and so do we. */
    static Map<String, String> query(String rawQuery) {
        Map<String, String> out = new LinkedHashMap<>();
        if (rawQuery == null || rawQuery.isEmpty()) {
            return out;
        }
        for (String pair : rawQuery.split("&")) {
            int eq = pair.indexOf('=');
            String name = decode(eq < 0 ? pair : pair.substring(0, eq));
            String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
            out.merge(name, value, (a, b) -> a + "," + b);
        }
        return out;
    }

    private static String decode(String s) {
        try {
            return URLDecoder.decode(s, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return s;
        }
    }

    private void staticFile(HttpExchange exchange, String path) throws IOException {
        String name = path.equals("/") ? "index.html" : path.substring(1);
        // Only plain names below the folder: no '..', no backslash, no encoded tricks (raw path).
        boolean plain = serveStatic && name.matches("^[A-Za-z0-9_-][A-Za-z0-9_./-]*$") && !name.contains("..");
        byte[] bytes = null;
        if (plain && exchange.getRequestMethod().equals("GET")) {
            try (InputStream in = LocalApiServer.class.getClassLoader().getResourceAsStream(STATIC_ROOT + name)) {
                bytes = in == null ? null : in.readAllBytes();
            }
        }
        if (bytes == null) {
            exchange.getResponseHeaders().set("content-type", "text/plain; charset=utf-8");
            send(exchange, 404, ("not found: " + path + "\n").getBytes(StandardCharsets.UTF_8));
            return;
        }
        String ext = name.substring(name.lastIndexOf('.') + 1);
        exchange.getResponseHeaders().set("content-type", CONTENT_TYPES.getOrDefault(ext, "application/octet-stream"));
        exchange.getResponseHeaders().set("cache-control", "no-cache");
        send(exchange, 200, bytes);
    }

    private static void send(HttpExchange exchange, int status, byte[] body) throws IOException {
        boolean empty = body.length == 0 || status == 204;
        exchange.sendResponseHeaders(status, empty ? -1 : body.length);
        if (!empty) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    /**
     * Stops at once: a delay would be waited in full whenever a client keeps an idle keep-alive
     * connection open (the JDK counts it as not finished), a second per close for nothing.
     */
    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
