package com.scalesense.sink.ingest;

import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.Reading;
import com.scalesense.protocol.ReadingsBatch;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.TreeMap;

/**
 * SHA-256 of a batch's content, independent of JSON field order and map iteration order, so two
 * deliveries of the same batch hash alike on any Lambda instance and a batch_id reused for other
 * content is caught (Powertools idempotency habit).
 */
public final class PayloadHash {

    private PayloadHash() {
    }

    /** Lower-case hex SHA-256, 64 characters. */
    public static String of(ReadingsBatch b) {
        StringBuilder s = new StringBuilder(256 + 160 * b.readings().size());
        s.append(b.schemaVersion()).append('|').append(b.hardwareId()).append('|').append(b.deviceId())
                .append('|').append(b.bootId()).append('|').append(b.firmwareVersion()).append('|').append(b.batchId())
                .append('|').append(b.locId()).append('|').append(b.tapId()).append('|').append(b.kegId());
        for (Reading r : b.readings()) {
            s.append("\nR|").append(r.timestampMs()).append('|').append(r.levelPct()).append('|').append(r.gallons())
                    .append('|').append(r.weightLbs()).append('|').append(r.pintsLeft()).append('|').append(r.pourRateGph())
                    .append('|').append(r.hoursRemaining()).append('|').append(r.batteryV()).append('|').append(r.batteryPct())
                    .append('|').append(r.temperatureC()).append('|').append(new TreeMap<>(r.sensorStatus()))
                    .append('|').append(r.clockSynced()).append('|').append(r.kegState()).append('|').append(r.tareStatus());
        }
        for (DeviceEvent e : b.events()) {
            // Event records hold no maps, so their generated toString is deterministic.
            s.append("\nE|").append(e);
        }
        return sha256(s.toString());
    }

    static String sha256(String text) {
        return sha256(text.getBytes(StandardCharsets.UTF_8));
    }

    /** Lower-case hex SHA-256 of raw bytes (a rejected message as received). */
    public static String sha256(byte[] bytes) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(bytes);
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every JVM provides SHA-256.", e);
        }
    }
}
