package com.scalesense.hal.sim;

import static com.scalesense.hal.sim.SimulationConfigException.require;

/**
 * How a load on the platform comes on, stays and goes (issue 12, seventh round). A real hand, knee
 * or crate is not set down in an instant: it comes on over 0.1-1 s and goes the same way, a lean may
 * ease off over several seconds, and a lean may rock. The load is {@code kg} times an envelope that
 * rises linearly over {@code onS} and falls linearly over the last {@code offS} of its span, plus,
 * under the same envelope, a swing of {@code ±rockKg} at {@code rockHz}; its mean while held is
 * therefore its {@code kg}.
 *
 * @param onS    time the load takes to come on, s (0: a step)
 * @param offS   time it takes to go, s (0: a step)
 * @param rockKg amplitude of a rocking, kg (0: it does not rock)
 * @param rockHz frequency of the rocking, Hz (0 when it does not rock)
 */
public record LoadShape(double onS, double offS, double rockKg, double rockHz) {

    /** A load that comes on and goes in one step, as every load did before the seventh round. */
    public static final LoadShape STEP = new LoadShape(0, 0, 0, 0);

    public LoadShape {
        require(Double.isFinite(onS) && onS >= 0, "onS", onS, "must be >= 0");
        require(Double.isFinite(offS) && offS >= 0, "offS", offS, "must be >= 0");
        require(Double.isFinite(rockKg) && rockKg >= 0, "rockKg", rockKg, "must be >= 0");
        require(Double.isFinite(rockHz) && rockHz >= 0 && (rockKg == 0) == (rockHz == 0), "rockHz", rockHz,
                "must be > 0 exactly when rockKg is");
    }

    /** True for {@link #STEP}: the load is constant over its whole span. */
    public boolean isStep() {
        return onS == 0 && offS == 0 && rockKg == 0;
    }

    /**
     * The load a disturbance of mean {@code kg} adds, kg, {@code sinceStartS} after it began and
     * {@code untilEndS} before it ends (both > 0 inside its span).
     */
    double kgAt(double kg, double sinceStartS, double untilEndS) {
        double envelope = 1;
        if (onS > 0) {
            envelope = Math.min(envelope, sinceStartS / onS);
        }
        if (offS > 0) {
            envelope = Math.min(envelope, untilEndS / offS);
        }
        double swing = rockKg > 0 ? rockKg * Math.sin(2 * Math.PI * rockHz * sinceStartS) : 0;
        return (kg + swing) * Math.max(0, envelope);
    }
}
