package com.scalesense.hal.power;

import com.scalesense.hal.BatteryGauge;
import com.scalesense.hal.BatteryState;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * A single Li-ion cell running a scale, for the simulator and the demo.
 *
 * <p>State of charge falls linearly with time at a constant load: from {@code startPercent} at
 * {@code start} to 0 % after {@code startPercent}% of {@code fullToEmpty}; it then stays at 0.
 * The voltage is the cell's resting voltage at that state of charge, interpolated linearly in the
 * table below: a typical 3.7 V-class Li-ion open-circuit curve (flat plateau around 3.7–3.9 V,
 * steep knee below 10 %). It is a plausible shape for dashboards and low-battery alerts, not a
 * model of any particular cell.
 *
 * <pre>
 *  SOC %   0     5     10    20    30    40    50    60    70    80    90    100
 *  V      3.30  3.50  3.62  3.69  3.73  3.76  3.79  3.84  3.90  3.98  4.08  4.20
 * </pre>
 */
public final class SimulatedBatteryGauge implements BatteryGauge {

    private static final double[] SOC_PERCENT = {0, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100};
    private static final double[] RESTING_VOLTS =
            {3.30, 3.50, 3.62, 3.69, 3.73, 3.76, 3.79, 3.84, 3.90, 3.98, 4.08, 4.20};

    /**
     * @param startPercent state of charge at the start, % in [0, 100]
     * @param fullToEmpty  time a full cell lasts at the scale's load
     */
    public record DischargeProfile(double startPercent, Duration fullToEmpty) {

        public DischargeProfile {
            Objects.requireNonNull(fullToEmpty, "fullToEmpty must not be null");
            if (!(startPercent >= 0 && startPercent <= 100)) {
                throw new IllegalArgumentException("startPercent '" + startPercent + "' breaks rule: within 0..100");
            }
            if (fullToEmpty.toMillis() <= 0) {
                throw new IllegalArgumentException("fullToEmpty '" + fullToEmpty + "' breaks rule: at least 1 ms");
            }
        }

        /** A full cell lasting two days: long enough to watch, short enough to see a low-battery alert in a demo. */
        public static DischargeProfile twoDays() {
            return new DischargeProfile(100, Duration.ofHours(48));
        }
    }

    private final DischargeProfile profile;
    private final Clock clock;
    private final Instant start;

    public SimulatedBatteryGauge(DischargeProfile profile, Clock clock, Instant start) {
        this.profile = Objects.requireNonNull(profile, "profile must not be null");
        this.clock = Objects.requireNonNull(clock, "clock must not be null");
        this.start = Objects.requireNonNull(start, "start must not be null");
    }

    /** The cell now; before {@code start} it reads as at {@code start}. */
    @Override
    public BatteryState read() {
        double elapsedMs = Math.max(0, Duration.between(start, clock.instant()).toMillis());
        double percent = Math.max(0, profile.startPercent() - 100 * elapsedMs / profile.fullToEmpty().toMillis());
        return new BatteryState(restingVolts(percent), percent);
    }

    /** Resting voltage at a state of charge, V, interpolated in the class table. */
    static double restingVolts(double percent) {
        for (int i = 1; i < SOC_PERCENT.length; i++) {
            if (percent <= SOC_PERCENT[i]) {
                double fraction = (percent - SOC_PERCENT[i - 1]) / (SOC_PERCENT[i] - SOC_PERCENT[i - 1]);
                return RESTING_VOLTS[i - 1] + fraction * (RESTING_VOLTS[i] - RESTING_VOLTS[i - 1]);
            }
        }
        return RESTING_VOLTS[RESTING_VOLTS.length - 1];
    }
}
