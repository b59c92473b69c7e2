package com.scalesense.cal.output;

import com.scalesense.control.Replies;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The human form of the results of zero, calibrate, keg, history, record and selftest. */
public final class ResultText {

    private ResultText() {
    }

    /** One line: quality, points, worst residual, age and scale; "none" without a calibration. */
    public static String calibration(Replies.CalibrationInfo c) {
        if (c == null || c.calibratedAtMs() == null) {
            return "NONE: the scale must be calibrated (scale-cal calibrate)";
        }
        return String.format(Locale.ROOT, "%s, %d point(s), worst residual %s, %s old (%s), %s counts/kg, zero %s counts",
                c.quality(), c.points(), Formats.kg(c.residualKg()), Formats.age(c.ageS()), Formats.time(c.calibratedAtMs()),
                Formats.counts(c.countsPerKg()), Formats.counts(c.offsetCounts()));
    }

    public static String keg(Replies.Keg k) {
        if (k == null) {
            return "unknown";
        }
        return String.format(Locale.ROOT, "%s %s, beer %s, sg %.3f, tare %s (empty %s, full %s)%s",
                k.kegId() == null ? "(keg not assigned)" : k.kegId(), k.kegType(),
                k.beerId() == null ? "unknown" : k.beerId(),
                k.sg(), k.tareStatus(), Formats.lbs(k.emptyOffsetLbs()), Formats.lbs(k.fullRefLbs()),
                k.state() == null ? "" : ", " + k.state());
    }

    /** Newest last, marked "in use". */
    public static List<String> history(Replies.History h) {
        List<String> lines = new ArrayList<>();
        if (h.entries().isEmpty()) {
            lines.add("no calibration stored");
            return lines;
        }
        lines.add(String.format(Locale.ROOT, "%-3s %-20s %-10s %6s %12s %12s %12s", "#", "calibrated at", "quality",
                "points", "residual", "counts/kg", "zero"));
        for (int i = 0; i < h.entries().size(); i++) {
            Replies.CalibrationInfo c = h.entries().get(i);
            lines.add(String.format(Locale.ROOT, "%-3d %-20s %-10s %6d %12s %12s %12s%s", i + 1,
                    Formats.time(c.calibratedAtMs()), c.quality(), c.points(), Formats.kg(c.residualKg()),
                    Formats.counts(c.countsPerKg()), Formats.counts(c.offsetCounts()),
                    i == h.entries().size() - 1 ? "  <- in use" : ""));
        }
        return lines;
    }

    /** One line per check: PASS/FAIL, its name and what was measured against what was expected. */
    public static List<String> selftest(Replies.Selftest t) {
        List<String> lines = new ArrayList<>();
        for (Replies.Check c : t.checks()) {
            lines.add(String.format(Locale.ROOT, "%-4s %-14s %s", c.pass() ? "PASS" : "FAIL", c.name(), c.detail()));
        }
        lines.add(t.pass() ? "selftest passed" : "selftest FAILED");
        return lines;
    }

    /**
     * The measured points and, once fitted, each point's residual against the candidate line:
     * known kg minus the kg the line reads for the point's counts.
     */
    public static List<String> session(Replies.Session s) {
        List<String> lines = new ArrayList<>();
        Replies.CalibrationInfo fit = s.candidate();
        lines.add(String.format(Locale.ROOT, "%-3s %10s %12s %10s %8s %12s", "#", "known kg", "counts", "noise",
                "samples", "residual"));
        for (int i = 0; i < s.points().size(); i++) {
            Replies.Point p = s.points().get(i);
            String residual = fit == null ? "-" : Formats.kg(p.knownKg() - (p.counts() - fit.offsetCounts()) / fit.countsPerKg());
            lines.add(String.format(Locale.ROOT, "%-3d %10.3f %12.0f %10.1f %8d %12s", i + 1, p.knownKg(), p.counts(),
                    p.stdCounts(), p.samples(), residual));
        }
        if (fit != null) {
            lines.add("fit: " + calibration(fit));
        }
        return lines;
    }
}
