package com.scalesense.protocol;


/**
 * Something that happened on the scale, carried inside a {@link ReadingsBatch} so that it is
 * ingested exactly once with the batch. On the wire each event has a {@code type}
 * discriminator: {@code pour}, {@code keg_swap}, {@code tare}, {@code sensor_error}.
 */
public sealed interface DeviceEvent
        permits DeviceEvent.Pour, DeviceEvent.KegSwap, DeviceEvent.Tare, DeviceEvent.SensorError {

    /** Epoch milliseconds when the event ended (or happened). */
    long timestampMs();

    /** False when the timestamp was taken before the wall clock was synchronised. */
    boolean clockSynced();

    /**
     * The same event taken at {@code timestampMs} with clock_synced {@code clockSynced}: what a
     * scale sends for an event it timed before its clock was set. Every other time of the event
     * (a pour's start and end) moves by the same amount.
     */
    DeviceEvent withTimestamp(long timestampMs, boolean clockSynced);

    /**
     * A pour: the weight fell from {@code startMs} to {@code endMs} by a beer volume.
     *
     * @param volumeOz US fluid ounces poured
     * @param volumeMl millilitres poured (same pour, metric)
     */
    record Pour(long timestampMs,
                boolean clockSynced,
                long startMs,
                long endMs,
                double volumeOz,
                double volumeMl) implements DeviceEvent {
        @Override
        public Pour withTimestamp(long ts, boolean synced) {
            long shift = ts - timestampMs;
            return new Pour(ts, synced, startMs + shift, endMs + shift, volumeOz, volumeMl);
        }
    }

    /**
     * A keg was taken off the platform and another put on.
     *
     * @param previousKegId the keg that was on the tap, or null
     * @param newKegId      the keg started by the swap (tare pending), or null if not yet assigned
     * @param weightLbs     gross weight of the new keg when it settled, pounds
     */
    record KegSwap(long timestampMs,
                   boolean clockSynced,
                   String previousKegId, String newKegId,
                   double weightLbs) implements DeviceEvent {
        @Override
        public KegSwap withTimestamp(long ts, boolean synced) {
            return new KegSwap(ts, synced, previousKegId, newKegId, weightLbs);
        }
    }

    /**
     * A tare measurement, written to KEG#/TARE and DEVICE#/TELEMETRY (seed 000's dual write).
     *
     * @param kind            {@code empty} or {@code full}
     * @param kegId           the keg tared
     * @param kegType         half_barrel, quarter_barrel, sixth_barrel, slim_quarter
     * @param emptyOffsetLbs  measured empty keg weight, pounds (seed 000 empty_offset); required when kind is empty
     * @param fullRefLbs      measured full keg weight, pounds (seed 000 full_ref); required when kind is full
     * @param tareStatus      tare_status after this measurement
     */
    record Tare(long timestampMs,
                boolean clockSynced, String kind, String kegId, String kegType,
                Double emptyOffsetLbs, Double fullRefLbs, TareStatus tareStatus) implements DeviceEvent {
        @Override
        public Tare withTimestamp(long ts, boolean synced) {
            return new Tare(ts, synced, kind, kegId, kegType, emptyOffsetLbs, fullRefLbs, tareStatus);
        }
    }

    /**
     * A sensor went into or out of error.
     *
     * @param sensor e.g. {@code hx711}
     * @param status the sensor's status from now on
     * @param detail short human-readable cause, e.g. {@code dout stuck high}
     */
    record SensorError(long timestampMs,
                       boolean clockSynced, String sensor, SensorStatus status,
                       String detail) implements DeviceEvent {
        @Override
        public SensorError withTimestamp(long ts, boolean synced) {
            return new SensorError(ts, synced, sensor, status, detail);
        }
    }
}
