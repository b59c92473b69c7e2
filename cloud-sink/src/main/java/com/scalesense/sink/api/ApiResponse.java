package com.scalesense.sink.api;

import java.util.Map;

/**
 * What a route answers: a status and a JSON body (maps, lists, strings, numbers, booleans and
 * nulls, written by {@link Json}), plus headers beyond the JSON and CORS ones every response gets.
 */
public record ApiResponse(int status, Object body, Map<String, String> headers) {

    public ApiResponse {
        headers = headers == null ? Map.of() : Map.copyOf(headers);
    }

    static ApiResponse ok(Object body) {
        return new ApiResponse(200, body, Map.of());
    }

    static ApiResponse status(int status, Object body) {
        return new ApiResponse(status, body, Map.of());
    }
}
