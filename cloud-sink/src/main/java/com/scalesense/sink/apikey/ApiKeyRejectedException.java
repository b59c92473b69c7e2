package com.scalesense.sink.apikey;

import com.scalesense.sink.SinkException;

/** A presented API key was not accepted; the request must be refused (HTTP 401/403). */
public class ApiKeyRejectedException extends SinkException {

    private static final long serialVersionUID = 1L;

    /** Why, for logs; the client should get the same answer for all of them. */
    public enum Reason {
        /** Not 64 lowercase hex characters; no lookup was made. */
        MALFORMED,
        /** No key has this hash. */
        UNKNOWN,
        /** The key exists and was revoked. */
        REVOKED
    }

    private final Reason reason;
    private final String keyId;

    public ApiKeyRejectedException(Reason reason, String keyId) {
        super("API key rejected: " + reason + (keyId == null ? "" : " (key_id " + keyId + ")"));
        this.reason = reason;
        this.keyId = keyId;
    }

    public Reason reason() {
        return reason;
    }

    /** The key's id when it was found, else null. */
    public String keyId() {
        return keyId;
    }
}
