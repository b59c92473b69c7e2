/**
 * What a technician (the control socket) and the cloud (its commands) ask of the running scale:
 * {@link com.scalesense.agent.operations.AgentControl} implements the socket's
 * {@code ControlService} on the scale's lane, {@link com.scalesense.agent.operations.CloudCommands}
 * applies the cloud's commands through it; tare, calibration points, selftest and traces collect
 * settled samples first. The socket's transport and message types stay in {@code agent.control}.
 */
package com.scalesense.agent.operations;
