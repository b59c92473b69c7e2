/**
 * The scale of {@code --simulate} and its test hooks: a seeded keg life on a simulated cell
 * ({@link com.scalesense.agent.sim.SimulatedScale}) paced on scaled time, the technician's
 * platform, and the accepted log that tells tests what the outbox durably took.
 */
package com.scalesense.agent.sim;
