package com.scalesense.protocol;

import java.util.List;
import java.util.Map;

/** Valid messages to start tests from; each test changes one thing. */
final class Samples {

    static final String MAC = "AA:BB:CC:DD:EE:FF";
    static final String BOOT = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
    static final long START = 1_704_067_200_000L;
    /** The sample batch's latest time: its sensor_error event. */
    static final long END = START + 300_000;
    /** The sample batch's id: its window is the span [START, END] of its readings and events. */
    static final String BATCH_ID = new BatchId(MAC, BOOT, START, END).toString();

    private Samples() {
    }

    static Reading reading(long ts) {
        return new Reading(ts, 62.5, 9.69, 112.4, 77.5, 1.2, 8.1, 4.05, 88.0, 4.5,
                Map.of("hx711", SensorStatus.OK, "max17048", SensorStatus.OK), true,
                KegState.STABLE, TareStatus.COMPLETE);
    }

    static Reading faultyReading(long ts) {
        return new Reading(ts, null, null, null, null, null, null, 4.05, 88.0, 4.5,
                Map.of("hx711", SensorStatus.ERROR), true, KegState.INVALID, TareStatus.COMPLETE);
    }

    static List<DeviceEvent> events() {
        return List.of(
                new DeviceEvent.Pour(START + 120_000, true, START + 112_000, START + 120_000, 16.0, 473.18),
                new DeviceEvent.KegSwap(START + 200_000, true, "keg-20260318-007", "keg-20260320-V1St", 160.9),
                new DeviceEvent.Tare(START + 260_000, true, "empty", "keg-20260320-V1St", "half_barrel",
                        29.4, null, TareStatus.EMPTY_SET),
                new DeviceEvent.SensorError(START + 300_000, false, "hx711", SensorStatus.ERROR, "dout stuck high"));
    }

    /** A batch of these readings and events, its batch_id's window their span (as the agent forms it). */
    static ReadingsBatch batch(List<Reading> readings, List<DeviceEvent> events) {
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (Reading r : readings) {
            first = Math.min(first, r.timestampMs());
            last = Math.max(last, r.timestampMs());
        }
        for (DeviceEvent e : events) {
            first = Math.min(first, e.timestampMs());
            last = Math.max(last, e.timestampMs());
        }
        String id = first <= last && first >= 0 ? new BatchId(MAC, BOOT, first, last).toString() : BATCH_ID;
        return batch(id, readings, events);
    }

    /** A batch under {@code batchId}, whatever window it names. */
    static ReadingsBatch batch(String batchId, List<Reading> readings, List<DeviceEvent> events) {
        return new ReadingsBatch(ReadingsBatch.SCHEMA_VERSION, MAC, "SCALE-0042", BOOT, "1.0.16", batchId,
                "loc-001", "loc-001#TAP#07", "keg-20260318-007", readings, events);
    }

    static ReadingsBatch batch() {
        return batch(List.of(reading(START), reading(START + 120_000), faultyReading(START + 180_000)), events());
    }

    static BootRegistration registration() {
        return new BootRegistration(ReadingsBatch.SCHEMA_VERSION, MAC, "SCALE-0042", BOOT, "1.0.16", "loc-001",
                "loc-001#TAP#07", new Capabilities(List.of("hx711", "max17048", "ds18b20"),
                Map.of("offline_buffering", true)), START, true);
    }

    static DeviceCommand command() {
        return new DeviceCommand("cmd-0001", "assign_keg",
                Map.of("keg_id", "keg-20260320-V1St", "keg_type", "half_barrel", "beer_id", "guinness-draught"),
                START);
    }
}
