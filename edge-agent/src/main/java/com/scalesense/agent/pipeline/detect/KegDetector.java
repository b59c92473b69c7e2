package com.scalesense.agent.pipeline.detect;

import com.scalesense.agent.pipeline.PipelineConfig;
import com.scalesense.agent.pipeline.signal.StabilityWindow;

/**
 * The state machine that turns filtered weights into pours, keg swaps and absences.
 *
 * <p>A pour is a sustained fall of the weight below the settled reference, not a single low
 * sample; its size is the difference of the settled weights before and after, never an integral
 * of noisy samples. The "before" weight is the stability window's mean from one window before
 * the fall was noticed, so the first falling samples do not leak into it. If a new fall starts
 * from a plateau before the weight fully settles (pours a few seconds apart) the first pour
 * closes on that plateau. A settled weight that rose by more than {@code swapRiseKg}, or any
 * keg set down after the platform was empty, is a new keg; the same keg lifted and set back is not.
 * The first settled weight after a start is compared the same way with the weight the keg had
 * settled at before the agent stopped (see {@link #expectAtStart}): a keg swapped while the agent
 * was down is a new keg too.
 */
public final class KegDetector {

    private static final int ABSENT_CONFIRM_SAMPLES = 3;

    private final PipelineConfig config;
    private final DetectorListener listener;
    private final int settleSamples;
    /** A plateau between two pours needs half the settle time of stable windows in a row. */
    private final int plateauSamples;
    private final long halfWindowMs;
    private final StableHistory history;
    private Phase phase = Phase.UNKNOWN;
    private double ref = Double.NaN;
    private double lastPresentKg = Double.NaN;
    /** The settled weight stored before this start, kg; NaN when none or once the first settle used it. */
    private double startKg = Double.NaN;
    private long index;
    private long lastInBandMs;
    private int absentRun;
    private int stableRun;
    private final Episode episode = new Episode();

    public KegDetector(PipelineConfig config, int samplesPerSecond, DetectorListener listener) {
        this.config = config;
        this.listener = listener;
        int window = config.stableSamples(samplesPerSecond);
        this.settleSamples = config.settleSamples(samplesPerSecond);
        this.plateauSamples = Math.max(2, (settleSamples + 1) / 2);
        this.halfWindowMs = window * 500L / samplesPerSecond;
        this.history = new StableHistory(window);
    }

    /** One filtered weight {@code kg} taken at {@code wallMs}, with the window already holding it. */
    public void accept(long wallMs, double kg, StabilityWindow window) {
        index++;
        history.record(index, window.stable() ? window.mean() : Double.NaN);
        absentRun = kg < config.absentBelowKg() ? absentRun + 1 : 0;
        if (phase != Phase.ABSENT && absentRun >= ABSENT_CONFIRM_SAMPLES) {
            lastPresentKg = phase == Phase.STABLE ? ref : episode.active ? episode.beforeKg : lastPresentKg;
            episode.active = false;
            enter(Phase.ABSENT);
            listener.onAbsent(wallMs);
            return;
        }
        stableRun = window.stable() ? stableRun + 1 : 0;
        switch (phase) {
            case UNKNOWN -> {
                if (window.stable()) {
                    firstSettle(window.mean(), wallMs);
                }
            }
            case ABSENT -> absent(wallMs, window);
            case STABLE -> stable(wallMs, kg, window);
            case POURING -> {
                if (window.full() && !window.falling()) {
                    episode.endMs = wallMs - halfWindowMs;
                    enter(Phase.SETTLING);
                }
            }
            case SETTLING -> settling(wallMs, kg, window);
        }
    }

    /** The sensor gave no usable samples for a while: treat what follows as a disturbance. */
    public void sensorGap(long wallMs) {
        if (phase == Phase.STABLE) {
            episode.begin(ref, wallMs);
            enter(Phase.SETTLING);
        }
        stableRun = 0;
        history.clear();
    }

    /**
     * The keg's settled weight when the agent last ran, kg (NaN: none known); call before the
     * first sample. If the first settled weight is heavier by more than {@code swapRiseKg}, the keg
     * was swapped while the agent was stopped; lighter is beer poured meanwhile, not a swap.
     */
    public void expectAtStart(double storedKg) {
        startKg = storedKg;
    }

    public Phase phase() {
        return phase;
    }

    /** The settled reference weight, kg (NaN until one is seen). */
    public double referenceKg() {
        return ref;
    }

    private void absent(long wallMs, StabilityWindow window) {
        if (stableRun >= settleSamples && window.mean() >= config.absentBelowKg()) {
            double kg = window.mean();
            boolean sameKeg = !Double.isNaN(lastPresentKg) && Math.abs(kg - lastPresentKg) <= config.sameKegKg();
            settle(kg);
            if (!sameKeg) {
                listener.onNewKeg(kg, wallMs);
            }
        }
    }

    private void stable(long wallMs, double kg, StabilityWindow window) {
        if (window.stable()) {
            ref = window.mean();
        }
        if (Math.abs(kg - ref) <= config.pourStartKg() / 2) {
            lastInBandMs = wallMs;
        }
        if (kg < ref - config.pourStartKg()) {
            episode.begin(history.settledBefore(index, ref), lastInBandMs);
            enter(Phase.POURING);
        } else if (kg > ref + config.pourStartKg()) {
            episode.begin(history.settledBefore(index, ref), lastInBandMs);
            enter(Phase.SETTLING);
        }
    }

    private void settling(long wallMs, double kg, StabilityWindow window) {
        if (stableRun >= plateauSamples) {
            episode.plateauKg = window.mean();
            episode.plateauMs = wallMs;
        }
        if (stableRun >= settleSamples) {
            settle(window.mean()); // first, so the reading sent with the event is already STABLE
            finish(window.mean(), wallMs);
        } else if (!Double.isNaN(episode.plateauKg) && kg < episode.plateauKg - config.pourStartKg()) {
            double plateau = episode.plateauKg;
            long plateauMs = episode.plateauMs;
            finish(plateau, plateauMs);
            episode.begin(plateau, plateauMs);
            enter(Phase.POURING);
        } else if (window.falling()) {
            enter(Phase.POURING);
        }
    }

    private void finish(double afterKg, long nowMs) {
        double before = episode.beforeKg;
        long end = episode.endMs > 0 ? episode.endMs : nowMs;
        episode.active = false;
        if (afterKg > before + config.swapRiseKg()) {
            listener.onNewKeg(afterKg, nowMs);
        } else if (before - afterKg >= config.pourStartKg()) {
            listener.onDrop(episode.startMs, Math.max(end, episode.startMs), before, afterKg);
        }
    }

    private void firstSettle(double kg, long wallMs) {
        double stored = startKg;
        startKg = Double.NaN;
        settle(kg); // first, so the reading sent with the swap is already STABLE
        if (phase == Phase.STABLE && kg > stored + config.swapRiseKg()) { // false for NaN: nothing stored
            listener.onNewKeg(kg, wallMs);
        }
    }

    private void settle(double kg) {
        ref = kg;
        enter(kg < config.absentBelowKg() ? Phase.ABSENT : Phase.STABLE);
    }

    private void enter(Phase next) {
        phase = next;
        stableRun = 0;
    }

    /** The disturbance under way: where it started and what the weight was before it. */
    private static final class Episode {
        boolean active;
        double beforeKg;
        long startMs;
        long endMs;
        double plateauKg;
        long plateauMs;

        void begin(double before, long atMs) {
            active = true;
            beforeKg = before;
            startMs = atMs;
            endMs = 0;
            plateauKg = Double.NaN;
        }
    }
}
