package com.scalesense.agent.replay;

import com.scalesense.agent.pipeline.PipelineConfig;

import java.nio.file.Path;

/** Scores a recorded trace (docs/trace-format.md) against its truth file in one call; see {@link Replay}. */
public final class TraceScoring {

    private TraceScoring() {
    }

    public static Score score(Path trace, Path truthPath, PipelineConfig config) throws InterruptedException {
        return Replay.run(trace, TruthFile.read(truthPath), config).score();
    }
}
