package com.scalesense.sink.api;

import com.scalesense.sink.admin.ConflictException;
import com.scalesense.sink.admin.NotFoundException;
import com.scalesense.sink.apikey.ApiKeyRejectedException;
import com.scalesense.sink.validation.InvalidInputException;
import java.util.Map;

/**
 * Exceptions as openapi.yaml's {@code Error}: {@code {"error": {"code", "message", "field"?}}}. A key
 * that is missing, malformed, unknown or revoked gets one and the same 401, so a caller learns
 * nothing about which keys exist. Anything unexpected is a 500 with no detail (it is logged).
 */
final class ErrorResponses {

    static final String UNAUTHORIZED_MESSAGE = "a valid x-api-key header is required";

    private ErrorResponses() {
    }

    /** The response for a failure, or null when it is not one of ours (the caller answers 500). */
    static ApiResponse of(RuntimeException e) {
        if (e instanceof ApiKeyRejectedException) {
            return error(401, "unauthorized", UNAUTHORIZED_MESSAGE, null, Map.of());
        }
        if (e instanceof ForbiddenException) {
            return error(403, "forbidden", e.getMessage(), null, Map.of());
        }
        if (e instanceof InvalidInputException i) {
            return error(400, "invalid_input", i.getMessage(), i.field(), Map.of());
        }
        if (e instanceof NotFoundException) {
            return error(404, "not_found", e.getMessage(), null, Map.of());
        }
        if (e instanceof MethodNotAllowedException m) {
            return error(405, "method_not_allowed", m.getMessage(), null, Map.of("allow", String.join(", ", m.allowed())));
        }
        if (e instanceof ConflictException) {
            return error(409, "conflict", e.getMessage(), null, Map.of());
        }
        return null;
    }

    static ApiResponse internal(String requestId) {
        return error(500, "internal", "internal error (request " + requestId + "); the service log has the cause", null, Map.of());
    }

    private static ApiResponse error(int status, String code, String message, String field, Map<String, String> headers) {
        Map<String, Object> error = Json.obj("code", code, "message", message);
        if (field != null) {
            error.put("field", field);
        }
        return new ApiResponse(status, Json.obj("error", error), headers);
    }
}
