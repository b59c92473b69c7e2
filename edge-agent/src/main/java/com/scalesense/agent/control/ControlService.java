package com.scalesense.agent.control;

import com.scalesense.control.ControlException;
import com.scalesense.control.Replies;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * What the control socket can ask of the running agent. Implementations apply state changes one
 * at a time (the agent runs them on its sampling thread) and throw {@link ControlException} (or a
 * validation exception naming the field) with nothing changed when they refuse.
 */
public interface ControlService {

    Replies.Status status();

    /** Streams up to {@code count} samples to {@code sink} as they are read, for at most {@code maxTime}. */
    void live(int count, Duration maxTime, Consumer<Replies.Live> sink) throws InterruptedException;

    /** Zeroes the empty platform: the calibration's offset becomes the settled raw counts now. */
    Replies.CalibrationInfo tare() throws InterruptedException;

    /** Measures a calibration point with {@code knownKg} on the platform (must be steady). */
    Replies.Session calibrateAdd(double knownKg) throws InterruptedException;

    /** Fits the points; refused with the reason (the culprit point) when the fit is bad. */
    Replies.Session calibrateFit();

    /** Stores the fitted calibration and measures with it; all or nothing. */
    Replies.CalibrationInfo calibrateCommit();

    /** Drops the session's points and candidate. */
    Replies.Session calibrateCancel();

    /**
     * The keg now on the tap with its beer ({@code beerId}, seed 000's beer_id, or null when not
     * named); tare_status stays pending until it is tared, unless {@code full}: the keg is a new one,
     * full from the brewery, and its weight when set down becomes its full_ref (tare_status full_set).
     */
    Replies.Keg assignKeg(String kegId, String beerId, String kegType, double specificGravity, boolean full);

    /** Tares the keg on the platform as {@code empty} or {@code full}. */
    Replies.Keg tareKeg(String kind);

    Replies.History calibrationHistory();

    /** Records the raw samples of the next {@code duration} to {@code file} in trace format v1. */
    Replies.Trace recordTrace(Path file, Duration duration) throws InterruptedException;

    Replies.Selftest selftest() throws InterruptedException;

    /**
     * {@code --simulate} only: puts a known weight of {@code kg} on the simulated platform (the bar's
     * keg is lifted off meanwhile), or with null takes it off, so a technician can practise the
     * calibration walk. A real scale refuses with {@code not_simulated}: its weights are real.
     */
    default Replies.SimWeight simulatedWeight(Double kg) {
        throw ControlException.notSimulated();
    }
}
