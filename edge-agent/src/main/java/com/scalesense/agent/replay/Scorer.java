package com.scalesense.agent.replay;

import com.scalesense.hal.sim.Disturbance.Kind;
import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.KegState;
import com.scalesense.protocol.Reading;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Compares what a pipeline emitted with the truth of the same life.
 *
 * <p>Level: every reading that carries a level while a keg is really on the platform, |level −
 * true level| in % of capacity (and pints), also split by whether the keg had been assigned
 * ({@link Truth#assignedAt}) and, for an assigned keg's readings that are not DISTURBED, by whether the
 * reading claims its level (its tare_status says a weight of the keg was measured) or says it is an estimate
 * (tare_status pending: the level counts from the type's reference shell). Pours: a detected pour, taken in the order
 * pours ran (one can be told late), matches the first unmatched true pour whose span overlaps it (2 s slack each side);
 * recall counts true pours ≥ 8 oz that were matched,
 * precision counts detected pours that matched any true pour. Swaps: a detected swap within 10 min
 * after a true placement is that placement; any other is false. Faults: a reading with a level
 * inside a fault window is a fault that turned into a level.
 *
 * <p>Disturbances: a false pour overlapping a disturbance (2 s before to 10 s after it) became a
 * pour; a false swap from 2 s before to 60 s after it became a swap; a reading off by more than
 * {@value #LEVEL_TARGET_PCT} % of capacity during it or in the 10 min after (for a part-full keg:
 * its whole stay), when the last reading before it was within that, is a level error of that
 * disturbance (an error left by an earlier one is not counted again).
 */
public final class Scorer {

    static final double SCORED_POUR_OZ = 8;
    /** Issue 12's target for the level error, % of capacity. */
    static final double LEVEL_TARGET_PCT = 0.5;
    private static final long MATCH_SLACK_MS = 2_000;
    private static final long SWAP_MATCH_MS = 10 * 60_000;
    private static final long POUR_AFTER_MS = 10_000;
    private static final long SWAP_AFTER_MS = 60_000;
    private static final long LEVEL_AFTER_MS = 10 * 60_000;

    private Scorer() {
    }

    public static Score score(Truth truth, List<Reading> readings, List<DeviceEvent> events) {
        Score s = new Score();
        List<long[]> levelErrs = new ArrayList<>(); // {ms, err as raw long bits}
        long noLevelSinceMs = -1; // the first reading of a run without a level, or -1
        long disturbedNoLevelSinceMs = -1; // the same, from a DISTURBED one
        long noLevelLastMs = -1; // the latest reading of such a run
        for (Reading r : readings) {
            double trueLevel = truth.levelPctAt().applyAsDouble(r.timestampMs());
            if (r.levelPct() != null && truth.inFault(r.timestampMs())) {
                s.levelsDuringFault++;
            }
            if (r.levelPct() == null && !Double.isNaN(trueLevel) && truth.assignedAt(r.timestampMs())
                    && !truth.inFault(r.timestampMs())) {
                s.assignedWithoutLevel++;
                noLevelSinceMs = noLevelSinceMs < 0 ? r.timestampMs() : noLevelSinceMs;
                noLevelLastMs = r.timestampMs();
                if (r.kegState() == KegState.DISTURBED) {
                    s.assignedDisturbedWithoutLevel++;
                    disturbedNoLevelSinceMs = disturbedNoLevelSinceMs < 0 ? r.timestampMs() : disturbedNoLevelSinceMs;
                }
            } else if (r.levelPct() != null) {
                if (noLevelSinceMs >= 0) {
                    s.noLevelRunSeconds.add((r.timestampMs() - noLevelSinceMs) / 1000.0);
                }
                if (disturbedNoLevelSinceMs >= 0) {
                    s.disturbedNoLevelRunSeconds.add((r.timestampMs() - disturbedNoLevelSinceMs) / 1000.0);
                }
                noLevelSinceMs = -1;
                disturbedNoLevelSinceMs = -1;
            }
            if (r.levelPct() == null || Double.isNaN(trueLevel)) {
                continue;
            }
            double err = Math.abs(r.levelPct() - trueLevel);
            s.levelErrPct.add(err);
            boolean assigned = truth.assignedAt(r.timestampMs());
            (assigned ? s.assignedLevelErrPct : s.unassignedLevelErrPct).add(err);
            if (assigned && (s.worstAssigned == null || err > s.worstAssigned.errPct())) {
                s.worstAssigned = worst(truth, r, err);
            }
            // where the scale claims its level (a weight of the keg measured) and where it says it estimates
            boolean claimed = r.tareStatus() != null && r.tareStatus().measured();
            double spread = truth.shellSpreadPctAt().applyAsDouble(r.timestampMs());
            double beyondSpread = claimed || Double.isNaN(spread) ? Double.NaN : err - spread;
            if (assigned && r.kegState() == KegState.DISTURBED) {
                s.assignedDisturbedErrPct.add(err); // a load rests on the keg or moved within a pour
                if (claimed) {
                    s.assignedDisturbedClaimedErrPct.add(err);
                } else if (!Double.isNaN(beyondSpread)) {
                    s.assignedDisturbedBeyondSpreadPct.add(beyondSpread);
                }
            }
            if (assigned && r.kegState() != KegState.DISTURBED) {
                s.assignedMeasuredErrPct.add(err);
                if (!truth.partFullAt(r.timestampMs())) {
                    s.assignedFullMeasuredErrPct.add(err);
                }
                (claimed ? s.assignedClaimedErrPct : s.assignedEstimateErrPct).add(err);
                if (!Double.isNaN(beyondSpread)) {
                    s.assignedEstimateBeyondSpreadPct.add(beyondSpread);
                }
            }
            s.levelErrPints.add(err * truth.pintsPerPct().applyAsDouble(r.timestampMs()));
            if (r.kegState() == KegState.STABLE) {
                s.stableLevelErrPct.add(err);
            }
            levelErrs.add(new long[] {r.timestampMs(), Double.doubleToLongBits(err)});
        }
        // a run still open when the readings end lasted at least to its last reading: left out, a level lost for the
        // rest of a life did not count at all (issue 12, ninth round, seeds 20261250, 20261234, 2011 and 68)
        if (noLevelSinceMs >= 0) {
            s.noLevelRunSeconds.add((noLevelLastMs - noLevelSinceMs) / 1000.0);
        }
        if (disturbedNoLevelSinceMs >= 0) {
            s.disturbedNoLevelRunSeconds.add((noLevelLastMs - disturbedNoLevelSinceMs) / 1000.0);
        }
        List<DeviceEvent.Pour> falsePours = scorePours(truth, events, s);
        List<DeviceEvent.KegSwap> falseSwaps = scoreSwaps(truth, events, s);
        scoreDisturbances(truth, levelErrs, falsePours, falseSwaps, s);
        return s;
    }

    private static Score.Worst worst(Truth truth, Reading r, double err) {
        long at = r.timestampMs();
        String during = truth.disturbances().stream()
                .filter(d -> d.startMs() <= at && at <= d.endMs() + LEVEL_AFTER_MS)
                .map(d -> d.kind().wireName() + (at > d.endMs() ? " (ended)" : "")).distinct()
                .reduce((a, b) -> a + "+" + b).orElse("");
        long placed = truth.placements().stream().filter(p -> p <= at).max(Long::compare).orElse(at);
        return new Score.Worst(at, err, r.kegState().name().toLowerCase(Locale.ROOT),
                r.tareStatus() == null ? null : r.tareStatus().name().toLowerCase(Locale.ROOT), at - placed, during);
    }

    private static List<DeviceEvent.Pour> scorePours(Truth truth, List<DeviceEvent> events, Score s) {
        List<Truth.Pour> pours = truth.pours();
        List<DeviceEvent.Pour> unmatched = new ArrayList<>();
        boolean[] taken = new boolean[pours.size()];
        int from = 0;
        // in the order they ran, not the order they were told: a pour can be told late, once a later load shows the
        // fall taken for a press easing off was beer (KegDetector's thingLiftedAfterItsEase)
        List<DeviceEvent.Pour> detected = events.stream().filter(DeviceEvent.Pour.class::isInstance)
                .map(DeviceEvent.Pour.class::cast).sorted(Comparator.comparingLong(DeviceEvent.Pour::startMs)).toList();
        for (DeviceEvent.Pour p : detected) {
            s.detectedPours++;
            while (from < pours.size() && pours.get(from).endMs() + MATCH_SLACK_MS < p.startMs()) {
                from++;
            }
            boolean matched = false;
            for (int i = from; i < pours.size() && pours.get(i).startMs() - MATCH_SLACK_MS <= p.endMs(); i++) {
                if (!taken[i]) {
                    taken[i] = true;
                    matched = true;
                    s.matchedDetected++;
                    Truth.Pour t = pours.get(i);
                    if (t.oz() >= SCORED_POUR_OZ) {
                        s.volumeErrOz.add(Math.abs(p.volumeOz() - t.oz()));
                        s.settleSeconds.add((p.timestampMs() - t.endMs()) / 1000.0);
                    }
                    s.verdicts.add(new Score.Verdict("pour", "matched", p.startMs(), t.oz(), p.volumeOz(), ""));
                    break;
                }
            }
            if (!matched) {
                unmatched.add(p);
            }
        }
        for (int i = 0; i < pours.size(); i++) {
            Truth.Pour t = pours.get(i);
            if (t.oz() >= SCORED_POUR_OZ) {
                s.truePours++;
                if (taken[i]) {
                    s.recalledPours++;
                }
            }
            if (!taken[i]) {
                s.verdicts.add(new Score.Verdict("pour", "missed", t.startMs(), t.oz(), Double.NaN, ""));
            }
        }
        return unmatched;
    }

    private static List<DeviceEvent.KegSwap> scoreSwaps(Truth truth, List<DeviceEvent> events, Score s) {
        List<Long> placements = truth.placements();
        List<DeviceEvent.KegSwap> unmatched = new ArrayList<>();
        boolean[] found = new boolean[placements.size()];
        for (DeviceEvent e : events) {
            if (!(e instanceof DeviceEvent.KegSwap swap)) {
                continue;
            }
            boolean matched = false;
            for (int i = 0; i < placements.size() && !matched; i++) {
                long dt = swap.timestampMs() - placements.get(i);
                if (!found[i] && dt >= 0 && dt <= SWAP_MATCH_MS) {
                    found[i] = true;
                    matched = true;
                }
            }
            if (matched) {
                s.swapsDetected++;
                s.verdicts.add(new Score.Verdict("swap", "matched", swap.timestampMs(), Double.NaN, Double.NaN, ""));
            } else {
                s.falseSwaps++;
                unmatched.add(swap);
            }
        }
        for (int i = 0; i < placements.size(); i++) {
            if (!found[i]) {
                s.verdicts.add(new Score.Verdict("swap", "missed", placements.get(i), Double.NaN, Double.NaN, ""));
            }
        }
        s.trueSwaps += placements.size();
        return unmatched;
    }

    private static void scoreDisturbances(Truth truth, List<long[]> levelErrs, List<DeviceEvent.Pour> falsePours,
                                          List<DeviceEvent.KegSwap> falseSwaps, Score s) {
        Map<Kind, int[]> counts = new EnumMap<>(Kind.class); // count, pours, swaps, level errors
        Map<Kind, Double> maxErr = new EnumMap<>(Kind.class);
        for (Truth.Disturbance d : truth.disturbances()) {
            int[] c = counts.computeIfAbsent(d.kind(), k -> new int[4]);
            c[0]++;
            if (falsePours.stream().anyMatch(p -> onPour(d, p))) {
                c[1]++;
            }
            if (falseSwaps.stream().anyMatch(w -> onSwap(d, w))) {
                c[2]++;
            }
            long levelUntil = d.kind() == Kind.PART_FULL_KEG ? d.endMs() : d.endMs() + LEVEL_AFTER_MS;
            double before = 0; // the level error just before: one left by an earlier disturbance is not this one's
            double worst = 0;
            for (long[] e : levelErrs) {
                if (e[0] < d.startMs()) {
                    before = Double.longBitsToDouble(e[1]);
                } else if (e[0] <= levelUntil) {
                    worst = Math.max(worst, Double.longBitsToDouble(e[1]));
                }
            }
            boolean madeIt = d.kind() == Kind.PART_FULL_KEG || before <= LEVEL_TARGET_PCT;
            if (worst > LEVEL_TARGET_PCT && madeIt) {
                c[3]++;
            }
            maxErr.merge(d.kind(), madeIt ? worst : 0, Math::max);
        }
        counts.forEach((k, c) -> s.classes.put(k, new Score.ClassScore(c[0], c[1], c[2], c[3], maxErr.get(k))));
        for (DeviceEvent.Pour p : falsePours) {
            String cause = cause(truth, d -> onPour(d, p));
            s.unexplainedFalsePours += cause.isEmpty() ? 1 : 0;
            s.verdicts.add(new Score.Verdict("pour", "false", p.startMs(), Double.NaN, p.volumeOz(), cause));
        }
        for (DeviceEvent.KegSwap w : falseSwaps) {
            String cause = cause(truth, d -> onSwap(d, w));
            s.unexplainedFalseSwaps += cause.isEmpty() ? 1 : 0;
            s.verdicts.add(new Score.Verdict("swap", "false", w.timestampMs(), Double.NaN, Double.NaN, cause));
        }
    }

    private static boolean onPour(Truth.Disturbance d, DeviceEvent.Pour p) {
        return d.kind() != Kind.PART_FULL_KEG && p.startMs() <= d.endMs() + POUR_AFTER_MS
                && p.endMs() >= d.startMs() - MATCH_SLACK_MS;
    }

    private static boolean onSwap(Truth.Disturbance d, DeviceEvent.KegSwap w) {
        return d.kind() != Kind.PART_FULL_KEG && w.timestampMs() >= d.startMs() - MATCH_SLACK_MS
                && w.timestampMs() <= d.endMs() + SWAP_AFTER_MS;
    }

    private static String cause(Truth truth, Predicate<Truth.Disturbance> on) {
        return truth.disturbances().stream().filter(on).findFirst()
                .map(d -> d.kind().wireName()).orElse("");
    }
}
