package com.scalesense.agent.operations;

import com.scalesense.agent.scale.ScaleLoop;
import com.scalesense.agent.scale.Sensors;

import com.scalesense.control.ControlException;
import com.scalesense.control.Replies;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the hardware lets the agent check on site, each with pass/fail and the figures: the chip
 * delivers samples, none saturates (a wire off or an overload drives the HX711 to 0x7FFFFF or
 * 0x800000, datasheet p.4), the noise on a still platform is near the datasheet's, and a
 * calibration exists.
 */
public final class Selftest {

    /** Noise up to this many times the datasheet figure passes (platform vibration, a long cable). */
    static final double NOISE_FACTOR = 4;

    private final ScaleLoop loop;
    private final Sensors sensors;
    private final boolean calibrated;

    public Selftest(ScaleLoop loop, Sensors sensors, boolean calibrated) {
        this.loop = loop;
        this.sensors = sensors;
        this.calibrated = calibrated;
    }

    public Replies.Selftest run(int samples, Duration timeout) throws InterruptedException {
        List<Replies.Check> checks = new ArrayList<>();
        SampleCollector.Stats s = null;
        try {
            s = SampleCollector.collect(loop, samples, timeout);
            checks.add(new Replies.Check("chip_ready", true, s.samples() + " valid samples, " + s.invalid() + " invalid"));
        } catch (ControlException e) {
            checks.add(new Replies.Check("chip_ready", false, e.getMessage()));
        }
        if (s != null) {
            checks.add(new Replies.Check("not_saturated", s.saturated() == 0, String.format(Locale.ROOT,
                    "%d saturated; counts %d..%d of -8388608..8388607", s.saturated(), s.min(), s.max())));
            double expected = sensors.noiseCountsRms();
            checks.add(new Replies.Check("noise", s.std() <= NOISE_FACTOR * expected, String.format(Locale.ROOT,
                    "%.1f counts rms measured, datasheet %.1f (HX711 p.2), limit %.1f", s.std(), expected,
                    NOISE_FACTOR * expected)));
        }
        checks.add(new Replies.Check("calibrated", calibrated,
                calibrated ? "a calibration is in use" : "no calibration: run calibrate add/fit/commit"));
        return new Replies.Selftest(checks.stream().allMatch(Replies.Check::pass), checks);
    }
}
