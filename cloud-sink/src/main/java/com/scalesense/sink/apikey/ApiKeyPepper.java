package com.scalesense.sink.apikey;

import com.scalesense.sink.validation.InvalidInputException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;

/**
 * The server-side secret mixed into every API key hash (seed 001: "Pepper is stored in
 * environment variable (not in database)"). A stolen table alone then cannot be checked
 * against guesses. The service refuses to start without one.
 */
public final class ApiKeyPepper {

    /** The environment variable the deploy template fills from SSM/Secrets Manager. */
    public static final String ENV = "API_KEY_PEPPER";
    /** 16 bytes = 128 bits, the least a secret should carry; a shorter one is a misconfiguration. */
    static final int MIN_LENGTH = 16;

    private final byte[] bytes;

    private ApiKeyPepper(String value) {
        this.bytes = value.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Reads the pepper from the given environment (pass {@code System.getenv()} in the handler).
     *
     * @throws InvalidInputException naming {@value #ENV} when it is missing or shorter than 16 characters
     */
    public static ApiKeyPepper fromEnvironment(Map<String, String> env) {
        String value = env.get(ENV);
        if (value == null || value.isBlank()) {
            throw new InvalidInputException(ENV, "<unset>", "must be set to the API key pepper (SSM/Secrets Manager)");
        }
        if (value.length() < MIN_LENGTH) {
            throw new InvalidInputException(ENV, "<" + value.length() + " characters>",
                    "must be at least " + MIN_LENGTH + " characters");
        }
        return new ApiKeyPepper(value);
    }

    byte[] bytes() {
        return Arrays.copyOf(bytes, bytes.length);
    }

    /** Never prints the secret. */
    @Override
    public String toString() {
        return "ApiKeyPepper[redacted]";
    }
}
