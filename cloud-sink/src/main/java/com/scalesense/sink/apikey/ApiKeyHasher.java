package com.scalesense.sink.apikey;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** {@code hash = SHA-256(API_KEY_PEPPER + raw_api_key)} as lowercase hex (seed 001). */
final class ApiKeyHasher {

    private final ApiKeyPepper pepper;

    ApiKeyHasher(ApiKeyPepper pepper) {
        this.pepper = pepper;
    }

    String hash(String rawKey) {
        MessageDigest sha256 = sha256();
        sha256.update(pepper.bytes());
        sha256.update(rawKey.getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().formatHex(sha256.digest());
    }

    /** Constant-time: a timing side channel must not reveal how many characters matched. */
    static boolean sameHash(String a, String b) {
        return MessageDigest.isEqual(a.getBytes(StandardCharsets.US_ASCII), b.getBytes(StandardCharsets.US_ASCII));
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            // Every Java platform must provide SHA-256 (MessageDigest Javadoc).
            throw new IllegalStateException("SHA-256 missing from this JVM", e);
        }
    }
}
