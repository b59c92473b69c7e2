package com.scalesense.cal;

import com.scalesense.agent.control.Replies;
import com.scalesense.agent.pipeline.Units;
import com.scalesense.agent.pipeline.calibration.Calibration;
import com.scalesense.agent.pipeline.keg.KegProfile;
import java.util.Locale;

/**
 * Stored values in the same shapes the control socket replies with, so the output of
 * {@code status} and {@code history} reads the same whether the agent answered or the stores
 * were opened directly.
 */
final class StoredViews {

    private StoredViews() {
    }

    /** @param nowMs epoch ms the age is counted to */
    static Replies.CalibrationInfo calibration(Calibration c, long nowMs) {
        if (c == null) {
            return new Replies.CalibrationInfo(null, null, null, null, 0, null, null);
        }
        return new Replies.CalibrationInfo(c.calibratedAtMs(), Math.max(0, (nowMs - c.calibratedAtMs()) / 1000),
                c.quality().name().toLowerCase(Locale.ROOT), c.residualKg(), c.points().size(), c.countsPerKg(),
                c.offsetCounts());
    }

    /** The stored keg; its live state is unknown without the agent, so {@code state} is null. */
    static Replies.Keg keg(KegProfile k) {
        return new Replies.Keg(k.kegId(), k.beerId(), k.kegType().wireName(), k.sg(),
                k.tare().status().name().toLowerCase(Locale.ROOT), lbs(k.tare().emptyOffsetKg()),
                lbs(k.tare().fullRefKg()), null);
    }

    private static Double lbs(Double kg) {
        return kg == null ? null : Units.kgToLbs(kg);
    }
}
