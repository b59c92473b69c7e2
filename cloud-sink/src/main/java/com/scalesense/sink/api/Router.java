package com.scalesense.sink.api;

import com.scalesense.sink.admin.NotFoundException;
import com.scalesense.sink.validation.InvalidInputException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Finds the route of a request: the first whose template fits the path and whose method matches.
 * A path no route fits is a 404; a path that fits with another method is a 405.
 */
final class Router {

    private final List<Route> routes;

    Router(List<Route> routes) {
        this.routes = List.copyOf(routes);
    }

    List<Route> routes() {
        return routes;
    }

    /** The route and the request with its path parameters filled in. */
    Matched route(ApiRequest request) {
        List<String> segments = segments(request.path()).stream().map(Router::decode).toList();
        TreeSet<String> allowed = new TreeSet<>();
        for (Route route : routes) {
            Optional<Map<String, String>> params = route.match(segments);
            if (params.isEmpty()) {
                continue;
            }
            if (route.method().equals(request.method())) {
                return new Matched(route, request.withPathParams(params.get()));
            }
            allowed.add(route.method());
        }
        if (allowed.isEmpty()) {
            throw new NotFoundException("route", request.path());
        }
        throw new MethodNotAllowedException(request.method(), request.path(), allowed);
    }

    record Matched(Route route, ApiRequest request) {
    }

    static List<String> segments(String path) {
        return Arrays.stream(path.split("/")).filter(s -> !s.isEmpty()).toList();
    }

    /** Percent-decoding of one path segment; '+' is a plus in a path, not a space. */
    private static String decode(String segment) {
        try {
            return URLDecoder.decode(segment.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException("path", segment, "must be percent-encoded UTF-8");
        }
    }
}
