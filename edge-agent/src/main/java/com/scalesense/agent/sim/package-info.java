/**
 * The scale of {@code --simulate} and its test hooks: a seeded keg life on a simulated cell
 * ({@link com.scalesense.agent.sim.SimulatedScale}) paced on scaled time, the technician's
 * platform, the accepted log that tells tests what the outbox durably took, and the stand-in
 * MQTT broker of {@code --cds-training} ({@link com.scalesense.agent.sim.TrainingBroker}) that takes
 * the install-time class-list run of {@code scale-agent --dump-cds} through the online path.
 */
package com.scalesense.agent.sim;
