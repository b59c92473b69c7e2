package com.scalesense.demo.report;

import java.io.PrintStream;
import java.util.List;

/**
 * Prints the live view: redrawn in place when stdout is a terminal, otherwise as plain blocks
 * every {@code plainEveryFrames} frames (CI logs and pipes get no escape codes).
 */
public final class LiveScreen {

    private final PrintStream out;
    private final boolean terminal;
    private final int plainEveryFrames;
    private int previousLines;
    private long frames;

    public LiveScreen(PrintStream out, boolean terminal, int plainEveryFrames) {
        this.out = out;
        this.terminal = terminal;
        this.plainEveryFrames = plainEveryFrames;
    }

    /** Shows one frame; {@code last} always prints, so the final state is never skipped. */
    public void show(List<String> lines, boolean last) {
        frames++;
        if (terminal) {
            StringBuilder b = new StringBuilder();
            if (previousLines > 0) {
                b.append("\033[").append(previousLines).append('F');
            }
            for (String line : lines) {
                b.append(line).append("\033[K\n");
            }
            b.append("\033[J");
            out.print(b);
            previousLines = lines.size();
        } else if (last || frames % plainEveryFrames == 1) {
            lines.forEach(out::println);
            out.println();
        }
        out.flush();
    }
}
