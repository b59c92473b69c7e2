package com.scalesense.sink.api;

import com.scalesense.sink.validation.Fields;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * One HTTP request as the routes see it, whichever front end carried it (API Gateway's payload
 * format 2.0 or {@link LocalApiServer}).
 *
 * @param method     upper case, e.g. {@code GET}
 * @param path       the raw path, e.g. {@code /v1/locations/loc-001/dashboard}
 * @param headers    names lower-cased (HTTP names are case-insensitive; API Gateway lower-cases them too)
 * @param query      query string parameters, decoded; the last value of a repeated one
 * @param body       the request body as text, null when there is none
 * @param pathParams the route template's {@code {name}} segments, decoded
 */
public record ApiRequest(String method, String path, Map<String, String> headers, Map<String, String> query,
                         String body, Map<String, String> pathParams) {

    /** Header carrying seed 001's raw API key. */
    public static final String API_KEY_HEADER = "x-api-key";

    public ApiRequest {
        method = method.toUpperCase(Locale.ROOT);
        Map<String, String> lower = new TreeMap<>();
        if (headers != null) {
            headers.forEach((k, v) -> lower.put(k.toLowerCase(Locale.ROOT), v));
        }
        headers = Map.copyOf(lower);
        query = query == null ? Map.of() : Map.copyOf(query);
        pathParams = pathParams == null ? Map.of() : Map.copyOf(pathParams);
    }

    ApiRequest withPathParams(Map<String, String> params) {
        return new ApiRequest(method, path, headers, query, body, params);
    }

    String header(String name) {
        return headers.get(name);
    }

    /** The path's {@code loc_id}, checked against seed 000's rule. */
    String locId() {
        return Fields.match("loc_id", pathParams.get("loc_id"), Fields.LOC_ID);
    }

    /** The path's {@code tap_number} ({@code 07}), checked. */
    String tapNumber() {
        return Fields.match("tap_number", pathParams.get("tap_number"), Fields.TAP_NUMBER);
    }

    String pathParam(String name) {
        return pathParams.get(name);
    }

    String query(String name) {
        return query.get(name);
    }
}
