package com.scalesense.cal.output;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.scalesense.control.Replies;
import com.scalesense.cal.StdoutClosedException;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * The {@code read} display. On a terminal one line is redrawn in place (ANSI carriage return and
 * erase-line); otherwise, and with {@code --json}, one line per sample so a log or a pipe keeps
 * every one. JSON lines carry the sample as the agent sent it plus {@code stability}.
 */
public final class LiveView {

    /** Return to column 0 and erase the line (ECMA-48 CR + EL). */
    private static final String REDRAW = "\r\u001b[2K";

    private final PrintWriter out;
    private final boolean inPlace;
    private final boolean json;
    private final Stability stability = new Stability();
    private boolean drawn;

    /**
     * @param terminal stdout is a terminal (ANSI allowed)
     * @param json     {@code --json}: one object per line, never redrawn
     */
    public LiveView(PrintWriter out, boolean terminal, boolean json) {
        this.out = out;
        this.inPlace = terminal && !json;
        this.json = json;
    }

    /** @throws StdoutClosedException once the reader of stdout has gone */
    public void show(Replies.Live s) {
        Stability.Verdict verdict = stability.add(s.weightKg());
        if (json) {
            ObjectNode node = (ObjectNode) Json.tree(s);
            node.put("stability", verdict.name().toLowerCase(Locale.ROOT));
            out.println(Json.line(node));
        } else if (inPlace) {
            out.print(REDRAW + text(s, verdict));
            drawn = true;
        } else {
            out.println(text(s, verdict));
        }
        out.flush();
        StdoutClosedException.check(out); // | head -3 went away: stop instead of reading on forever
    }

    /** Ends the redrawn line so the shell prompt starts on a fresh one. */
    public void finish() {
        if (drawn) {
            out.println();
            out.flush();
        }
    }

    String text(Replies.Live s, Stability.Verdict verdict) {
        return String.format(Locale.ROOT, "%s  %10s  raw %8d  %-10s %-8s spread %s", Formats.time(s.timestampMs()),
                Formats.kg(s.weightKg()), s.rawCounts(), s.status().toLowerCase(Locale.ROOT),
                verdict.name().toLowerCase(Locale.ROOT), Formats.kg(stability.spreadKg()))
                + (s.kegState() == null ? "" : "  keg " + s.kegState().toLowerCase(Locale.ROOT));
    }
}
