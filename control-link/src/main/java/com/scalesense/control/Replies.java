package com.scalesense.control;

import java.util.List;

/**
 * The results of control requests, as JSON objects on the socket (snake_case keys) and as typed
 * values in {@link ControlClient}. Weights kg unless the name says lbs; times epoch ms; ages s.
 */
public final class Replies {

    private Replies() {
    }

    /** The {@code status} request. {@code battery} and {@code temperatureC} are null without a sensor. */
    public record Status(String deviceId, String hardwareId, String locId, String tapId, String bootId, long bootCount,
                         long uptimeS, String firmwareVersion, boolean simulated, boolean clockSynced, Keg keg,
                         CalibrationInfo calibration, OutboxInfo outbox, Connectivity connectivity, Battery battery,
                         Double temperatureC, Sampling sampling, String lastError) {
    }

    /**
     * The keg on the tap. {@code beerId}: seed 000 beer_id, null when the beer is unknown (a keg swap
     * the scale noticed, or an assignment that did not name it). {@code state}: stable, pouring,
     * settling, keg_absent, keg_replaced, invalid.
     */
    public record Keg(String kegId, String beerId, String kegType, double sg, String tareStatus, Double emptyOffsetLbs,
                      Double fullRefLbs, String state) {
    }

    /** One calibration; {@code quality} verified, marginal or unverified; null fields when there is none. */
    public record CalibrationInfo(Long calibratedAtMs, Long ageS, String quality, Double residualKg, int points,
                                  Double countsPerKg, Double offsetCounts) {
    }

    /** Outbox counters; {@code dropped} counts entries discarded at the size bound since the file was created. */
    public record OutboxInfo(long pending, long sealed, long dropped, long usedBytes, long maxBytes) {
    }

    /** The uplink; {@code configured} is false when no broker is set (offline, buffering). */
    public record Connectivity(boolean configured, boolean connected, boolean registered, long published, long acked,
                               String lastError) {
    }

    /** @param volts V @param percent % */
    public record Battery(double volts, double percent) {
    }

    /** Sampling counters since start; {@code rate} is 10 or 80 SPS. */
    public record Sampling(long samples, long validSamples, long readingsRecorded, long eventsRecorded,
                           long recordsRefused, int rate) {
    }

    /**
     * One sample of the {@code live} stream: raw count, kg through the calibration in use (null for
     * a bad sample or an uncalibrated scale), the sample status and the keg model's state.
     */
    public record Live(long timestampMs, int rawCounts, String status, Double weightKg, String kegState) {
    }

    /** A measured calibration point: mean and standard deviation of the raw counts over the settled samples. */
    public record Point(double knownKg, double counts, double stdCounts, int samples) {
    }

    /** The calibration session: points so far and, after {@code fit}, the candidate waiting for commit. */
    public record Session(List<Point> points, CalibrationInfo candidate) {
    }

    /** The {@code record_trace} result: the trace file and how many samples it holds. */
    public record Trace(String file, long rows) {
    }

    /** One selftest check with what was measured and what was expected. */
    public record Check(String name, boolean pass, String detail) {
    }

    /** The {@code selftest} result: {@code pass} when every check passed. */
    public record Selftest(boolean pass, List<Check> checks) {
    }

    /** Every kept calibration, oldest first; the last is in use. */
    public record History(List<CalibrationInfo> entries) {
    }

    /** The {@code sim_load}/{@code sim_unload} result: the known weight now on the simulated platform, kg, or null. */
    public record SimWeight(Double weightKg) {
    }
}
