package com.scalesense.agent.config;

import java.nio.file.Path;

/**
 * How {@code --simulate} runs: a simulated keg life instead of the HX711, battery and probe.
 *
 * @param speed        simulated seconds per real second (1 = real time, 100 = an hour in 36 s)
 * @param seed         seed of the simulated bar's keg life and sensor noise
 * @param realBar      true for the disturbances of a real bar (issue 12: knocks and leans, things left on the
 *                     keg, kegs lifted and set back, objects on the empty platform, part-full kegs, shells
 *                     ± 0.3 kg, beers of sg 1.000-1.060); false (the default) for an undisturbed bar
 * @param acceptedLog  test hook: a file to which every reading and event is appended (boot_id,
 *                     keg_id, wire JSON) once the outbox holds it durably; null for none
 * @param worldStartMs the real instant the simulated world began, epoch ms: a restart continues
 *                     the same keg life and simulated clock instead of starting them over; null
 *                     for a world that begins when the agent starts
 */
public record SimulationConfig(double speed, long seed, boolean realBar, Path acceptedLog, Long worldStartMs) {
}
