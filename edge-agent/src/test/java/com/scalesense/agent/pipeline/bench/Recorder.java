package com.scalesense.agent.pipeline.bench;

/**
 * The replay command's {@link com.scalesense.agent.replay.Recorder} under its old name, so the
 * pipeline tests that keep everything a pipeline emitted need no change.
 */
public final class Recorder extends com.scalesense.agent.replay.Recorder {
}
