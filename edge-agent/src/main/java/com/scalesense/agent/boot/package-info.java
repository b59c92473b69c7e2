/**
 * Wiring: {@link com.scalesense.agent.boot.ScaleAgent} puts the agent together (the one way to
 * build it is {@link com.scalesense.agent.boot.ScaleAgent#builder}), opens its stores in order
 * ({@code AgentParts}), runs the uplink, the control socket and the health check, and stops it
 * gracefully ({@code close}) or at once ({@code halt}). The only package that names the store
 * adapters and the real hardware ({@link com.scalesense.agent.boot.HardwareScale}).
 */
package com.scalesense.agent.boot;
