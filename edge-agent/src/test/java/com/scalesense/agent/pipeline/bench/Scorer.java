package com.scalesense.agent.pipeline.bench;

import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.KegState;
import com.scalesense.protocol.Reading;

import java.util.ArrayList;
import java.util.List;

/**
 * Compares what a pipeline emitted with the truth of the same life.
 *
 * <p>Level: every reading that carries a level while a keg is really on the platform, |level −
 * true level| in % of capacity (and pints). Pours: a detected pour matches the first unmatched
 * true pour whose span overlaps it (2 s slack each side); recall counts true pours ≥ 8 oz that
 * were matched, precision counts detected pours that matched any true pour. Swaps: a detected
 * swap within 10 min after a true placement is that placement; any other is false. Faults: a
 * reading with a level inside a fault window is a fault that turned into a level.
 */
public final class Scorer {

    static final double SCORED_POUR_OZ = 8;
    private static final long MATCH_SLACK_MS = 2_000;
    private static final long SWAP_MATCH_MS = 10 * 60_000;

    private Scorer() {
    }

    public static Score score(Truth truth, List<Reading> readings, List<DeviceEvent> events) {
        Score s = new Score();
        for (Reading r : readings) {
            double trueLevel = truth.levelPctAt().applyAsDouble(r.timestampMs());
            if (r.levelPct() != null && truth.inFault(r.timestampMs())) {
                s.levelsDuringFault++;
            }
            if (r.levelPct() == null || Double.isNaN(trueLevel)) {
                continue;
            }
            double err = Math.abs(r.levelPct() - trueLevel);
            s.levelErrPct.add(err);
            s.levelErrPints.add(err * truth.pintsPerPct().applyAsDouble(r.timestampMs()));
            if (r.kegState() == KegState.STABLE) {
                s.stableLevelErrPct.add(err);
            }
        }
        scorePours(truth, events, s);
        scoreSwaps(truth, events, s);
        return s;
    }

    private static void scorePours(Truth truth, List<DeviceEvent> events, Score s) {
        List<Truth.Pour> pours = truth.pours();
        boolean[] taken = new boolean[pours.size()];
        int from = 0;
        for (DeviceEvent e : events) {
            if (!(e instanceof DeviceEvent.Pour p)) {
                continue;
            }
            s.detectedPours++;
            while (from < pours.size() && pours.get(from).endMs() + MATCH_SLACK_MS < p.startMs()) {
                from++;
            }
            for (int i = from; i < pours.size() && pours.get(i).startMs() - MATCH_SLACK_MS <= p.endMs(); i++) {
                if (!taken[i]) {
                    taken[i] = true;
                    s.matchedDetected++;
                    Truth.Pour t = pours.get(i);
                    if (t.oz() >= SCORED_POUR_OZ) {
                        s.volumeErrOz.add(Math.abs(p.volumeOz() - t.oz()));
                        s.settleSeconds.add((p.timestampMs() - t.endMs()) / 1000.0);
                    }
                    break;
                }
            }
        }
        for (int i = 0; i < pours.size(); i++) {
            if (pours.get(i).oz() >= SCORED_POUR_OZ) {
                s.truePours++;
                if (taken[i]) {
                    s.recalledPours++;
                }
            }
        }
    }

    private static void scoreSwaps(Truth truth, List<DeviceEvent> events, Score s) {
        List<Long> placements = truth.placements();
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
            } else {
                s.falseSwaps++;
            }
        }
        s.trueSwaps += placements.size();
    }
}
