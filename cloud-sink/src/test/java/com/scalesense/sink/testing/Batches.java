package com.scalesense.sink.testing;

import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.KegState;
import com.scalesense.protocol.Reading;
import com.scalesense.protocol.ReadingsBatch;
import com.scalesense.protocol.SensorStatus;
import com.scalesense.protocol.TareStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Valid batches of one scale on tap 07 of loc-001, built directly as records. */
public final class Batches {

    public static final String HARDWARE_ID = "AA:BB:CC:DD:EE:01";
    public static final String DEVICE_ID = "SCALE-0042";
    public static final String BOOT_ID = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
    public static final String LOC_ID = "loc-001";
    public static final String TAP_ID = "loc-001#TAP#07";
    public static final String KEG_ID = "keg-20260318-007";
    /** 2026-11-21T12:00:00Z: midday, so a few hours of readings stay in one business day. */
    public static final long T0 = 1_795_262_400_000L;
    /** Seed 000 / DESIGN: one reading every 60 s. */
    public static final long INTERVAL_MS = 60_000;

    private Batches() {
    }

    public static Reading reading(long ts, double levelPct, double batteryPct) {
        // Half barrel (seed 000): 15.5 gal, 161.5 lb full, 29.0 lb empty.
        double gallons = 15.5 * levelPct / 100;
        double weight = 29.0 + (161.5 - 29.0) * levelPct / 100;
        return new Reading(ts, levelPct, gallons, weight, gallons * 8, 1.2, gallons / 1.2, 3.7 + batteryPct / 200,
                batteryPct, 4.5, Map.of("hx711", SensorStatus.OK, "max17048", SensorStatus.OK), true,
                KegState.STABLE, TareStatus.COMPLETE);
    }

    public static Reading sensorError(long ts, double batteryPct) {
        return new Reading(ts, null, null, null, null, null, null, 3.9, batteryPct, 4.5,
                Map.of("hx711", SensorStatus.ERROR), true, KegState.INVALID, TareStatus.COMPLETE);
    }

    /**
     * A reading taken while a load moved on the keg during a pour (issue 12): disturbed, a weight on the platform,
     * no level (the scale did not know it for the moment).
     */
    public static Reading disturbedWithoutLevel(long ts, double batteryPct) {
        return new Reading(ts, null, null, 108.5, null, 1.2, null, 3.7 + batteryPct / 200, batteryPct, 4.5,
                Map.of("hx711", SensorStatus.OK, "max17048", SensorStatus.OK), true, KegState.DISTURBED,
                TareStatus.COMPLETE);
    }

    /** {@code count} readings every 60 s from {@code startMs}, level falling by {@code stepPct} each. */
    public static List<Reading> series(long startMs, int count, double startLevel, double stepPct) {
        List<Reading> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            out.add(reading(startMs + i * INTERVAL_MS, Math.max(0, startLevel - i * stepPct), 80));
        }
        return out;
    }

    public static ReadingsBatch of(List<Reading> readings) {
        return of(readings, List.of());
    }

    public static ReadingsBatch of(List<Reading> readings, List<DeviceEvent> events) {
        return of(HARDWARE_ID, DEVICE_ID, readings, events);
    }

    public static ReadingsBatch of(String hardwareId, String deviceId, List<Reading> readings, List<DeviceEvent> events) {
        return of(hardwareId, deviceId, TAP_ID, KEG_ID, readings, events);
    }

    /** A batch of another scale of loc-001, on tap {@code tapId} holding keg {@code kegId}. */
    public static ReadingsBatch of(String hardwareId, String deviceId, String tapId, String kegId,
                                   List<Reading> readings, List<DeviceEvent> events) {
        long start = readings.get(0).timestampMs();
        long end = readings.get(readings.size() - 1).timestampMs();
        String batchId = hardwareId + "_" + BOOT_ID + "_" + start + "_" + end;
        return new ReadingsBatch(ReadingsBatch.SCHEMA_VERSION, hardwareId, deviceId, BOOT_ID, "1.0.16", batchId,
                LOC_ID, tapId, kegId, readings, events);
    }

    /** A batch of {@code readings} from a scale of loc-001 on another tap or keg than the standard one. */
    public static ReadingsBatch forTap(String hardwareId, String deviceId, String tapId, String kegId, List<Reading> readings) {
        long start = readings.get(0).timestampMs();
        long end = readings.get(readings.size() - 1).timestampMs();
        return new ReadingsBatch(ReadingsBatch.SCHEMA_VERSION, hardwareId, deviceId, BOOT_ID, "1.0.16",
                hardwareId + "_" + BOOT_ID + "_" + start + "_" + end, LOC_ID, tapId, kegId, readings, List.of());
    }

    /** A pour of {@code oz} US fl oz ending at {@code endMs}. */
    public static DeviceEvent.Pour pour(long endMs, double oz) {
        return new DeviceEvent.Pour(endMs, true, endMs - 8_000, endMs, oz, oz * 29.5735);
    }
}
