/**
 * The scale's measuring state and its memory: {@link com.scalesense.agent.scale.ScaleModel}
 * (calibration history, keg profile, pour window and settled weight around the pipeline; store
 * first, apply after), {@link com.scalesense.agent.scale.ScaleMemory} (what survives a restart,
 * in the NVS store), the sampling thread ({@link com.scalesense.agent.scale.ScaleLoop}) that owns
 * the model, and {@link com.scalesense.agent.scale.OutboxSink}, through which every reading and
 * event reaches the outbox. Speaks domain types only: nothing here knows the control socket.
 */
package com.scalesense.agent.scale;
