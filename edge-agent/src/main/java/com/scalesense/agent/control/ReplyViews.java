package com.scalesense.agent.control;

import com.scalesense.agent.pipeline.Units;
import com.scalesense.agent.pipeline.calibration.Calibration;
import com.scalesense.agent.pipeline.keg.KegProfile;
import com.scalesense.control.Replies;
import java.util.Locale;

/**
 * The agent's stored values in the shapes the control socket replies with, written once for the
 * running agent and for {@code scale-cal} reading a stopped scale's stores, so {@code status} and
 * {@code history} read the same either way.
 */
public final class ReplyViews {

    private ReplyViews() {
    }

    /**
     * @param c     the calibration, or null when there is none (then every field but {@code points} is null)
     * @param nowMs epoch ms the age is counted to
     */
    public static Replies.CalibrationInfo calibration(Calibration c, long nowMs) {
        if (c == null) {
            return new Replies.CalibrationInfo(null, null, null, null, 0, null, null);
        }
        return new Replies.CalibrationInfo(c.calibratedAtMs(), Math.max(0, (nowMs - c.calibratedAtMs()) / 1000),
                c.quality().name().toLowerCase(Locale.ROOT), c.residualKg(), c.points().size(), c.countsPerKg(),
                c.offsetCounts());
    }

    /** @param state the keg model's state, or null when it is unknown (the agent is not running) */
    public static Replies.Keg keg(KegProfile k, String state) {
        return new Replies.Keg(k.kegId(), k.beerId(), k.kegType().wireName(), k.sg(),
                k.tare().status().name().toLowerCase(Locale.ROOT), lbs(k.tare().emptyOffsetKg()),
                lbs(k.tare().fullRefKg()), state == null ? null : state.toLowerCase(Locale.ROOT));
    }

    private static Double lbs(Double kg) {
        return kg == null ? null : Units.kgToLbs(kg);
    }
}
