package com.scalesense.agent.config;

import java.nio.file.Path;

/**
 * How {@code --simulate} runs: a simulated keg life instead of the HX711, battery and probe.
 *
 * @param speed       simulated seconds per real second (1 = real time, 100 = an hour in 36 s)
 * @param seed        seed of the simulated bar's keg life and sensor noise
 * @param acceptedLog test hook: a file to which the key ({@code boot_id timestamp_ms}) of every
 *                    reading is appended once the outbox holds it durably; null for none
 */
public record SimulationConfig(double speed, long seed, Path acceptedLog) {
}
