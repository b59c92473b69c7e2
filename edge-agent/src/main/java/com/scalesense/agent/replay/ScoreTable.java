package com.scalesense.agent.replay;

import com.scalesense.hal.sim.Disturbance.Kind;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/** Prints scores side by side with the targets of the accuracy issues (docs/accuracy.md). */
public final class ScoreTable {

    private ScoreTable() {
    }

    public static void print(PrintStream out, List<String> names, List<Score> scores) {
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-38s", "metric"));
        names.forEach(n -> head.append(String.format(Locale.ROOT, "%12s", n)));
        out.println(head.append(String.format(Locale.ROOT, "%14s", "target")));
        row(out, scores, "level error median, % capacity", s -> Score.quantile(s.levelErrPct, 0.5), "%12.3f", "");
        row(out, scores, "level error max, % capacity", s -> Score.max(s.levelErrPct), "%12.3f", "<= 0.5");
        row(out, scores, "level error max when STABLE, %", s -> Score.max(s.stableLevelErrPct), "%12.3f", "");
        row(out, scores, "level error median, assigned keg, %", s -> Score.quantile(s.assignedLevelErrPct, 0.5), "%12.3f", "");
        row(out, scores, "level error max, assigned keg, %", s -> Score.max(s.assignedLevelErrPct), "%12.3f", "<= 0.5");
        row(out, scores, "level err max, assigned, not DISTURBED %", s -> Score.max(s.assignedMeasuredErrPct()), "%12.3f", "");
        row(out, scores, "  same, of kegs set down full, %", s -> Score.max(s.assignedFullMeasuredErrPct()), "%12.3f", "");
        row(out, scores, "  same, level claimed (tare measured) %", s -> Score.max(s.assignedClaimedErrPct()), "%12.3f", "<= 0.5");
        row(out, scores, "  same, an estimate (tare pending), %", s -> Score.max(s.assignedEstimateErrPct()), "%12.3f", "");
        row(out, scores, "  readings, level claimed", s -> (double) s.assignedClaimedErrPct().size(), "%12.0f", "");
        row(out, scores, "  readings, an estimate", s -> (double) s.assignedEstimateErrPct().size(), "%12.0f", "");
        row(out, scores, "  estimate beyond a 0.3 kg shell, %", s -> Score.max(s.assignedEstimateBeyondSpreadPct()), "%12.3f", "");
        row(out, scores, "level err max, assigned, DISTURBED %", s -> Score.max(s.assignedDisturbedErrPct()), "%12.3f", "");
        row(out, scores, "  same, level claimed (tare measured) %", s -> Score.max(s.assignedDisturbedClaimedErrPct()), "%12.3f", "<= 0.5");
        row(out, scores, "  same, estimate beyond a 0.3 kg shell %", s -> Score.max(s.assignedDisturbedBeyondSpreadPct()), "%12.3f", "");
        row(out, scores, "  readings, DISTURBED with a level", s -> (double) s.assignedDisturbedErrPct().size(), "%12.0f", "");
        row(out, scores, "readings without a level, assigned", s -> (double) s.assignedWithoutLevel(), "%12.0f", "");
        row(out, scores, "  of them DISTURBED", s -> (double) s.assignedDisturbedWithoutLevel(), "%12.0f", "");
        row(out, scores, "  longest without a level, s", s -> Score.max(s.noLevelRunSeconds()), "%12.1f", "");
        row(out, scores, "  longest from a DISTURBED one, s", s -> Score.max(s.disturbedNoLevelRunSeconds()), "%12.1f", "");
        row(out, scores, "level error median, unassigned, %", s -> Score.quantile(s.unassignedLevelErrPct, 0.5), "%12.3f", "");
        row(out, scores, "level error max, unassigned, %", s -> Score.max(s.unassignedLevelErrPct), "%12.3f", "");
        row(out, scores, "level error median, pints", s -> Score.quantile(s.levelErrPints, 0.5), "%12.3f", "");
        row(out, scores, "level error max, pints", s -> Score.max(s.levelErrPints), "%12.3f", "");
        row(out, scores, "readings scored", s -> (double) s.levelErrPct.size(), "%12.0f", "");
        row(out, scores, "pours >= 8 oz (truth)", s -> (double) s.truePours, "%12.0f", "");
        row(out, scores, "pour recall, %", Score::recall, "%12.2f", ">= 99");
        row(out, scores, "pours detected", s -> (double) s.detectedPours, "%12.0f", "");
        row(out, scores, "pour precision, %", Score::precision, "%12.2f", ">= 99");
        row(out, scores, "pour volume error median, oz", s -> Score.quantile(s.volumeErrOz, 0.5), "%12.3f", "<= 0.5");
        row(out, scores, "pour volume error p95, oz", s -> Score.quantile(s.volumeErrOz, 0.95), "%12.3f", "");
        // a matched pour told a load's weight more or less is no miss and moves no median: these rows show it
        row(out, scores, "pour volume error max, oz", s -> Score.max(s.volumeErrOz), "%12.3f", "");
        row(out, scores, "  matched pours off by more than 2 oz", s -> (double) s.volumeErrOz.stream().filter(e -> e > Score.OFF_BY_OZ).count(),
                "%12.0f", "");
        row(out, scores, "keg placements (truth)", s -> (double) s.trueSwaps, "%12.0f", "");
        row(out, scores, "keg swaps detected", s -> (double) s.swapsDetected, "%12.0f", "");
        row(out, scores, "false swaps", s -> (double) s.falseSwaps, "%12.0f", "0");
        row(out, scores, "stable after pour end median, s", s -> Score.quantile(s.settleSeconds, 0.5), "%12.2f", "");
        row(out, scores, "stable after pour end p95, s", s -> Score.quantile(s.settleSeconds, 0.95), "%12.2f", "");
        row(out, scores, "levels given during a fault", s -> (double) s.levelsDuringFault, "%12.0f", "0");
        row(out, scores, "false pours on no disturbance", s -> (double) s.unexplainedFalsePours, "%12.0f", "0");
        row(out, scores, "false swaps on no disturbance", s -> (double) s.unexplainedFalseSwaps, "%12.0f", "0");
        for (Kind kind : Kind.values()) {
            String name = kind.wireName();
            row(out, scores, name + ": count (truth)", s -> (double) s.of(kind).count(), "%12.0f", "");
            row(out, scores, name + ": became pours", s -> (double) s.of(kind).pours(), "%12.0f", "0");
            row(out, scores, name + ": became swaps", s -> (double) s.of(kind).swaps(), "%12.0f", "0");
            row(out, scores, name + ": level err > 0.5 %", s -> (double) s.of(kind).levelErrors(), "%12.0f", "");
            row(out, scores, name + ": level err max, %", s -> s.of(kind).maxLevelErr(), "%12.3f", "");
        }
    }

    private static void row(PrintStream out, List<Score> scores, String name, Function<Score, Double> f, String fmt,
                            String target) {
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-38s", name));
        scores.forEach(s -> line.append(String.format(Locale.ROOT, fmt, f.apply(s))));
        out.println(line.append(String.format(Locale.ROOT, "%14s", target)));
    }
}
