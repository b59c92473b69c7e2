package com.scalesense.agent.control;

import com.scalesense.control.Replies;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * A {@link ControlService} that records the keg operations it is asked for and answers them as an
 * agent would (tare pending, state stable); every other operation fails the test that reaches it.
 */
public final class RecordingControlService implements ControlService {

    /** One {@link #assignKeg} call as it arrived. */
    public record Assignment(String kegId, String beerId, String kegType, double sg, boolean full) {

        /** An assignment that does not say the keg is full. */
        public Assignment(String kegId, String beerId, String kegType, double sg) {
            this(kegId, beerId, kegType, sg, false);
        }
    }

    public final List<Assignment> assignments = new ArrayList<>();
    public final List<String> tares = new ArrayList<>();

    @Override
    public Replies.Keg assignKeg(String kegId, String beerId, String kegType, double specificGravity, boolean full) {
        assignments.add(new Assignment(kegId, beerId, kegType, specificGravity, full));
        return new Replies.Keg(kegId, beerId, kegType, specificGravity, "pending", null, null, "stable");
    }

    @Override
    public Replies.Keg tareKeg(String kind) {
        tares.add(kind);
        return new Replies.Keg(null, null, "half_barrel", 1.0, "pending", null, null, "stable");
    }

    @Override
    public Replies.Status status() {
        throw unexpected("status");
    }

    @Override
    public void live(int count, Duration maxTime, Consumer<Replies.Live> sink) {
        throw unexpected("live");
    }

    @Override
    public Replies.CalibrationInfo tare() {
        throw unexpected("tare");
    }

    @Override
    public Replies.Session calibrateAdd(double knownKg) {
        throw unexpected("calibrateAdd");
    }

    @Override
    public Replies.Session calibrateFit() {
        throw unexpected("calibrateFit");
    }

    @Override
    public Replies.CalibrationInfo calibrateCommit() {
        throw unexpected("calibrateCommit");
    }

    @Override
    public Replies.Session calibrateCancel() {
        throw unexpected("calibrateCancel");
    }

    @Override
    public Replies.History calibrationHistory() {
        throw unexpected("calibrationHistory");
    }

    @Override
    public Replies.Trace recordTrace(Path file, Duration duration) {
        throw unexpected("recordTrace");
    }

    @Override
    public Replies.Selftest selftest() {
        throw unexpected("selftest");
    }

    private static AssertionError unexpected(String op) {
        return new AssertionError(op + " was not expected by this test");
    }
}
