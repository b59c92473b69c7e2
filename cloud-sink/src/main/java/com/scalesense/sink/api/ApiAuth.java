package com.scalesense.sink.api;

import com.scalesense.sink.apikey.ApiKey;
import com.scalesense.sink.apikey.ApiKeys;

/**
 * Seed 001's "API key validated on every data plane request", plus the key's scope: the
 * {@code x-api-key} header must hold an active key (else 401, the same answer for missing,
 * malformed, unknown and revoked) scoped to the path's location (else 403).
 */
final class ApiAuth {

    private final ApiKeys keys;

    ApiAuth(ApiKeys keys) {
        this.keys = keys;
    }

    /**
     * @throws com.scalesense.sink.apikey.ApiKeyRejectedException     401
     * @throws com.scalesense.sink.validation.InvalidInputException    400, a malformed loc_id
     * @throws ForbiddenException                                      403
     */
    ApiKey authorise(ApiRequest request) {
        ApiKey key = keys.validate(request.header(ApiRequest.API_KEY_HEADER));
        String locId = request.locId();
        if (!key.reaches(locId)) {
            throw new ForbiddenException(locId);
        }
        return key;
    }
}
