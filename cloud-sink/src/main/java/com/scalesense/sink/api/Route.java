package com.scalesense.sink.api;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One operation: a method and a path template whose {@code {name}} segments match one path
 * segment each ({@code /v1/locations/{loc_id}/dashboard}), as OpenAPI writes them.
 */
public record Route(String method, String template, Handler handler) {

    /** Answers one request whose path matched; thin: validate, call a query or admin function, shape. */
    @FunctionalInterface
    public interface Handler {
        ApiResponse handle(ApiRequest request);
    }

    /** The path parameters when {@code segments} (the request path split on '/') fit the template. */
    Optional<Map<String, String>> match(List<String> segments) {
        List<String> parts = Router.segments(template);
        if (parts.size() != segments.size()) {
            return Optional.empty();
        }
        Map<String, String> params = new LinkedHashMap<>();
        for (int i = 0; i < parts.size(); i++) {
            String part = parts.get(i);
            if (part.startsWith("{") && part.endsWith("}")) {
                params.put(part.substring(1, part.length() - 1), segments.get(i));
            } else if (!part.equals(segments.get(i))) {
                return Optional.empty();
            }
        }
        return Optional.of(params);
    }
}
