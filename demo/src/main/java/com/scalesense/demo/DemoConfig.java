package com.scalesense.demo;

import com.scalesense.demo.scale.BarEvening;
import java.time.Duration;
import java.util.Set;

/**
 * How the bar evening runs.
 *
 * @param scales         scales (taps) at the bar, 1..8
 * @param speed          simulated seconds per real second, 1..2000
 * @param duration       length of the evening in simulated time, 10 min..24 h
 * @param seed           seeds the pours, the sensor noise, keg ids and boot ids
 * @param faults         failures to inject (each at a fixed fraction of the evening)
 * @param eveningStartMs epoch ms the evening starts at (bar time)
 */
public record DemoConfig(int scales, double speed, Duration duration, long seed, Set<Fault> faults,
                         long eveningStartMs) {

    /** Fastest the pipeline keeps up with on a 2-core laptop for 8 scales at 10 SPS. */
    public static final double MAX_SPEED = 2000;

    public DemoConfig {
        if (scales < 1 || scales > BarEvening.MAX_SCALES) {
            throw new InvalidOptionException("--scales", scales, "must be 1.." + BarEvening.MAX_SCALES
                    + " (the demo bar's taps)");
        }
        if (!(speed >= 1 && speed <= MAX_SPEED)) {
            throw new InvalidOptionException("--speed", speed, "must be 1.." + (int) MAX_SPEED
                    + " simulated seconds per real second");
        }
        if (duration == null || duration.compareTo(Duration.ofMinutes(10)) < 0 || duration.compareTo(Duration.ofHours(24)) > 0) {
            throw new InvalidOptionException("--duration", duration, "must be 10m..24h of bar time");
        }
        faults = Set.copyOf(faults);
    }

    /** Real seconds the evening takes at this speed. */
    public double realSeconds() {
        return duration.toSeconds() / speed;
    }
}
