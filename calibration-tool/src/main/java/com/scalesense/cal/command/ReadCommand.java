package com.scalesense.cal.command;

import com.scalesense.cal.AgentRefusedException;
import com.scalesense.cal.ExitCodes;
import com.scalesense.cal.TopCommand;
import com.scalesense.cal.output.LiveView;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code read}: live weight and raw counts with a steadiness verdict. */
@Command(name = "read", mixinStandardHelpOptions = true,
        description = {"Show the live weight, raw counts, sample status and steadiness (spread of the last 10 "
                + "weights against 50 g). On a terminal the line refreshes in place; otherwise one line per "
                + "sample. Runs until interrupted (Ctrl-C) or until its reader goes away (| head), or stops "
                + "after --count samples."},
        footerHeading = "%nExamples:%n", footer = {"  scale-cal read", "  scale-cal read --count 3 --json"})
public final class ReadCommand extends TopCommand {

    /** Samples asked for per request: 30 s at 10 SPS; at 80 SPS a request ends sooner by count. */
    static final int CHUNK_SAMPLES = 300;
    /** Longest one request may wait for its samples, s (the agent allows up to 600). */
    static final int CHUNK_SECONDS = 30;

    /** Null: run until interrupted. 0 is refused rather than read as "forever" (issue 14). */
    @Option(names = "--count", paramLabel = "N",
            description = "Stop after N samples, N >= 1 (default: run until interrupted).")
    private Long count;

    @Override
    public Integer call() {
        if (count != null) {
            Arguments.atLeast(spec(), "--count", count, 1);
        }
        LiveView view = new LiveView(io().out(), io().terminal(), json());
        try {
            long shown = 0;
            while (count == null || shown < count) {
                int ask = (int) (count == null ? CHUNK_SAMPLES : Math.min(CHUNK_SAMPLES, count - shown));
                int got = agent("read", c -> c.live(ask, CHUNK_SECONDS, view::show));
                if (got == 0) {
                    throw new AgentRefusedException("no_samples", "no sample from the load cell within "
                            + CHUNK_SECONDS + " s: run scale-cal selftest", null);
                }
                shown += got;
            }
        } finally {
            view.finish();
        }
        return ExitCodes.OK;
    }
}
