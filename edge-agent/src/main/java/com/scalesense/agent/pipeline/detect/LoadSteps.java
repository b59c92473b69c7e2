package com.scalesense.agent.pipeline.detect;

/**
 * The weights of one episode (and the window before it), and the loads set on or taken off the keg within it,
 * estimated from their steps. A load changes the weight in a step: a hand, a knee or a crate comes on or goes
 * within a sample or two (the simulated bar's knocks are instant; the spike filter and the 100 ms average leave
 * a step of about 100 ms), while beer leaves at most at a faucet's rate. So each change faster than a faucet
 * between the 200 ms before and the 200 ms after a sample is a step, and its size is the difference of two
 * lines with a common slope (the beer flowing through it, 0 to the faucet bound) fitted to the weights just
 * before and just after it, the first and last {@value #GUARD_MS} ms next to it left out (the ring of the knock,
 * the spike filter's lag). The net load is the sum of the steps: a load that came and went sums to about nought.
 *
 * <p>Holds at most {@code maxSamples} weights; an episode longer than that has no estimate. Not thread-safe.
 */
final class LoadSteps {

    /** Weights this close to a step are its transition and ring, not a level, ms. */
    static final long GUARD_MS = 200;
    /** A step's level on either side is fitted over at most this long, ms (a pour may stop soon after it). */
    static final long SPAN_MS = 700;
    /** Each side of a sample compared to find a step, ms. */
    static final long EDGE_MS = 200;

    private final float[] kg;
    private final int[] offsetMs;
    private final int edge;
    private final double stepKg;
    private final double maxPourKgPerMs;
    private long firstMs;
    private int n;
    private boolean overflow;
    /** The last step {@link #netLoadKg} found: when (ms from the first weight; -1: none), the weights just before and after it, kg. */
    private long lastStepMs = -1;
    private double lastAfterKg;
    private double lastBeforeKg;
    /** How long the weight moved in the runs of change {@link #netLoadKg} found last, ms. */
    private long movingMs;
    /** How many steps {@link #netLoadKg} found last, and how many of them fell (a lift, or a load taken off). */
    private int stepCount;
    private int fallCount;
    /** The steps {@link #netLoadKg} found last, in order: their sizes, kg, when each was, epoch ms, and the weight just after each's run. */
    private double[] lastSizes = new double[0];
    private long[] lastAtMs = new long[0];
    private double[] lastAfterRunKg = new double[0];
    /** What {@link #netLoadKg(double)} last took for gone of a lean lifting the keg that the weight has not risen back by, kg. */
    private double leanLeftKg;

    /**
     * @param maxSamples      weights kept; more make the estimate unknown
     * @param samplesPerSecond the sample rate
     * @param stepKg          a change this much faster than a faucet is a step, kg
     * @param maxPourKgPerMs  the faucet's bound, kg per ms
     */
    LoadSteps(int maxSamples, int samplesPerSecond, double stepKg, double maxPourKgPerMs) {
        this.kg = new float[maxSamples];
        this.offsetMs = new int[maxSamples];
        this.edge = Math.max(1, (int) Math.round(EDGE_MS * samplesPerSecond / 1000.0));
        this.stepKg = stepKg;
        this.maxPourKgPerMs = maxPourKgPerMs;
    }

    void clear() {
        n = 0;
        overflow = false;
    }

    /** Forgets the weights after {@code atMs} (epoch ms): the episode closed before them. */
    void keepUntil(long atMs) {
        if (n == 0) {
            return;
        }
        boolean lostLater = overflow && firstMs + offsetMs[n - 1] > atMs; // weights it had no room for came later still
        while (n > 0 && firstMs + offsetMs[n - 1] > atMs) {
            n--;
        }
        overflow &= !lostLater;
    }

    void add(long atMs, double weightKg) {
        if (n == 0) {
            firstMs = atMs;
        }
        if (n == kg.length) {
            overflow = true;
            return;
        }
        kg[n] = (float) weightKg;
        offsetMs[n] = (int) (atMs - firstMs);
        n++;
    }

    /**
     * The load the episode's steps left on the keg, kg: positive for a load set on (or a lean let go), negative
     * for a lean that lifts part of the keg (or a load taken off); 0 when no step was seen or the steps undid one
     * another (less than half the largest is left); NaN when it cannot be told (the episode outgrew the buffer,
     * or a step has no weights on one side of it).
     */
    double netLoadKg() {
        lastStepMs = -1;
        if (overflow) {
            return Double.NaN;
        }
        int[] steps = new int[n];
        int[] runFrom = new int[n];
        int[] runTo = new int[n];
        double[] runSign = new double[n];
        int count = 0;
        int i = edge;
        while (i + edge <= n) {
            double diff = changeAt(i);
            if (Double.isNaN(diff)) {
                i++;
                continue;
            }
            // a run of changes of one sign faster than a faucet: its steepest point is the step
            int best = i;
            double bestKg = Math.abs(diff);
            int j = i + 1;
            for (; j + edge <= n; j++) {
                double next = changeAt(j);
                if (Double.isNaN(next) || Math.signum(next) != Math.signum(diff)) {
                    break;
                }
                if (Math.abs(next) > bestKg) {
                    best = j;
                    bestKg = Math.abs(next);
                }
            }
            // a ramp goes on, and began, where the weight moves its way by less than a step's change but still
            // faster than a faucet, the test oneRamp makes between two runs, here across one sample or an edge's gap
            // (rampsOn; issue 12, eighth round): a load ramped on over 0.7-0.9 s at 0.6-0.9 kg/s changes the 200 ms
            // means by about a step's size, and the noise broke its run in pieces and ended it on the ramp; the line
            // fitted after it was still on the ramp, and the rest of the load, 0.15 kg, was reported as a pour (seeds
            // 20261346 at 10 SPS and 20261341, 20261361 at 80 SPS, leans lifting the keg by 0.53-0.63 kg held 4-17 s)
            int floor = count > 0 ? runTo[count - 1] + 1 : edge;
            boolean slow = bestKg < 2 * stepChangeKg(best);
            for (int back = rampsOn(i, diff, -1, slow); back > 0 && i - back >= floor;
                    back = rampsOn(i, diff, -1, slow)) {
                i -= back;
            }
            for (int on = rampsOn(j - 1, diff, 1, slow); on > 0 && j + edge <= n; on = rampsOn(j - 1, diff, 1, slow)) {
                j += on;
            }
            if (count > 0 && runSign[count - 1] == Math.signum(diff) && oneRamp(runTo[count - 1], i, diff)) {
                runTo[count - 1] = j - 1; // the same load still coming on or going
            } else {
                runSign[count] = Math.signum(diff);
                runFrom[count] = i;
                runTo[count] = j - 1;
                steps[count++] = best;
            }
            i = j;
        }
        int rise = count == 0 ? compactRiseAt() : -1;
        if (rise >= 0) { // the steepest point of a load ramped on too slowly for a step, its run one edge either side
            runSign[0] = 1;
            runFrom[0] = rise - edge;
            runTo[0] = rise + edge - 1;
            steps[count++] = rise;
        }
        double[] sizes = new double[count];
        long[] atMs = new long[count];
        double[] afterRunKg = new double[count];
        movingMs = 0;
        stepCount = count;
        fallCount = 0;
        for (int k = 0; k < count; k++) {
            movingMs += offsetMs[runTo[k]] - offsetMs[runFrom[k]];
            int from = k == 0 ? -1 : steps[k - 1];
            int to = k + 1 == count ? -1 : steps[k + 1];
            sizes[k] = stepAt(steps[k], runFrom[k], runTo[k], from, k == 0 ? -1 : runTo[k - 1], to,
                    k + 1 == count ? -1 : runFrom[k + 1]);
            fallCount += runSign[k] < 0 ? 1 : 0;
            atMs[k] = firstMs + offsetMs[steps[k]];
            afterRunKg[k] = mean(Math.min(runTo[k] + 1, n - 1), Math.min(runTo[k] + 1 + edge, n));
        }
        lastSizes = sizes;
        lastAtMs = atMs;
        lastAfterRunKg = afterRunKg;
        return withoutLoadsThatCameAndWent(sizes);
    }

    /**
     * The sum of {@code sizes}, the steps in order, or 0 where they are loads that came and went: each step is off by its
     * own noise (about 20 g at 10 SPS under a pour's vibration), so their sum is only that noise, and a remainder taken
     * for a load left on the keg would hold a load that is not there (issue 12, seed 20261122 life 22 at 10 SPS: a 0.81 kg
     * lean on and off during a pour summed to -0.11 kg); the settled weights measure such an episode better. Where three
     * or more steps sum to that little, a load that came and went between them may hide one that stayed: two steps next to
     * each other (or next once the pairs between them are out) of opposite sign that match to within a quarter of the
     * larger, or half a step, are a load on and off, the closest pair first, and what no pair undid stays when it is at
     * least a step (a load goes whole) and the largest step went in a pair (else the sum is as likely that one's noise:
     * seed 31041 at 10 SPS, a 14.4 kg lean rocking on a keg with a pour under it, measured -14.546 and +14.249 kg around
     * rocks of 0.3-0.5 kg that did not all match, left 0.29 kg that was never on). Issue 12, seventeenth round (seed 39022 at 80 SPS): a 0.447 kg knock ramped on
     * and off lifting the keg, measured -0.395 and +0.477 kg, then a 0.264 kg knock lifted it and stayed 6 s; the three
     * summed to less than half the largest, the lift was taken for beer and reported as an 8.8 oz pour, and the knock's
     * going was held as a thing set on the keg.
     */
    private double withoutLoadsThatCameAndWent(double[] sizes) {
        double net = 0;
        double largest = 0;
        for (double size : sizes) {
            net += size;
            largest = Math.max(largest, Math.abs(size));
        }
        if (Math.abs(net) >= largest / 2 || Double.isNaN(net)) {
            return net;
        }
        if (sizes.length < 3) {
            return 0;
        }
        java.util.List<Double> left = new java.util.ArrayList<>();
        for (double size : sizes) {
            left.add(size);
        }
        for (int pair = closestPair(left); pair >= 0; pair = closestPair(left)) {
            left.remove(pair + 1);
            left.remove(pair);
        }
        double stayed = left.stream().mapToDouble(Double::doubleValue).sum();
        double largestKg = largest;
        boolean largestWent = left.stream().allMatch(size -> Math.abs(size) < largestKg);
        return largestWent && Math.abs(stayed) >= stepKg ? stayed : 0;
    }

    /** The first of the two steps next to each other in {@code sizes} that match closest as a load on and off; -1: none. */
    private int closestPair(java.util.List<Double> sizes) {
        int best = -1;
        double bestKg = Double.POSITIVE_INFINITY;
        for (int k = 0; k + 1 < sizes.size(); k++) {
            double a = sizes.get(k);
            double b = sizes.get(k + 1);
            double remainder = Math.abs(a + b);
            if (Math.signum(a) != Math.signum(b) && remainder < Math.max(stepKg / 2, Math.max(Math.abs(a), Math.abs(b)) / 4)
                    && remainder < bestKg) {
                best = k;
                bestKg = remainder;
            }
        }
        return best;
    }

    /**
     * How long the weight moved in the runs of change of the steps {@link #netLoadKg} last measured, ms: beer a faucet
     * drew meanwhile is in their sum, as a ramp's run spans seconds.
     */
    long movingMs() {
        return movingMs;
    }

    /**
     * {@link #netLoadKg}, or 0 when the load its last step put on went slowly after it: a lean may ease off over
     * seconds, slower than a faucet pours, which is no step (issue 12, seventh round). Only where the beer cannot
     * have done it: a pour was under way before the step (the weight fell by a step's size from the episode's first
     * weight; a pour that begins under a press that came on at rest is as likely as the press easing, issue 12 seed
     * 20261322 life 6) or the weight fell faster than a faucet after it, and the weight {@code weightKg} is now no heavier than just before a press's step (which a
     * press left on the keg reaches only with its own weight of beer drawn under it since) or heavier than just after
     * the step of a lean that lifts the keg (which beer never makes it). A load that stays while the
     * pour runs on for less than its weight keeps its step (seed 27 at 10 SPS: a 1.06 kg knock that came on 3 s
     * before a pour's end, taken for easing off by the pour's rate misjudged, lost 5.6 oz of the pour).
     */
    double netLoadKg(double weightKg) {
        leanLeftKg = 0;
        double net = netLoadKg();
        if (Double.isNaN(net) || net == 0 || !pourBeforeLastStep() && !fellFastAfterLastStep()) {
            return net;
        }
        // a press: back down to where it was before it; a lean that lifts the keg: any rise since (beer never adds)
        boolean undone = net > 0 ? weightKg <= lastBeforeKg + stepKg : weightKg >= lastAfterKg + stepKg;
        if (undone && net < 0) {
            leanLeftKg = Math.max(0, -net - (weightKg - lastAfterKg));
        }
        return undone ? 0 : net;
    }

    /**
     * How much of a lean lifting the keg that the last {@link #netLoadKg(double)} took for gone may still be on, kg: the
     * lean's step less the rise since it (0 when none was taken for gone). A lean eases off over seconds, and beer
     * drawn meanwhile hides its rise, so a partial rise says only that some of it went (issue 12, ninth round: a
     * 0.52 kg lean half eased with a pour under it was taken for gone on a 0.14 kg rise, and the reading claimed a
     * level 0.77 % low, seed 20261123 at 80 SPS).
     */
    double leanLeftKg() {
        return leanLeftKg;
    }

    /**
     * The load one step that {@link #netLoadKg} found last set on the keg at or after {@code sinceMs} (epoch ms), that
     * weighs {@code kg} to within {@code bandKg}, kg, and that the weight fell by after it (to {@code weightKg} now, the
     * steps after it aside) to within a step's size: a load eases off only once it is on, a pour may have run before it
     * came; NaN when none does (the closest one when several do). A rise while something lifts the keg ({@code heldKg},
     * the load on it before the first step, and the steps before this one, sum to less than nothing by more than the
     * band) is that lift let go, not a load set on.
     */
    double loadSetOnKg(double kg, double bandKg, long sinceMs, double heldKg, double weightKg) {
        double best = Double.NaN;
        double onKg = heldKg;
        double laterKg = 0;
        for (double size : lastSizes) {
            laterKg += size;
        }
        for (int k = 0; k < lastSizes.length; k++) {
            laterKg -= lastSizes[k];
            boolean fellAfter = lastAfterRunKg[k] + laterKg - weightKg >= lastSizes[k] - stepKg;
            boolean fits = lastSizes[k] > 0 && onKg >= -bandKg && lastAtMs[k] >= sinceMs && fellAfter
                    && Math.abs(lastSizes[k] - kg) <= bandKg;
            if (fits && !(Math.abs(lastSizes[k] - kg) >= Math.abs(best - kg))) {
                best = lastSizes[k];
            }
            onKg += lastSizes[k];
        }
        return best;
    }

    /** The last {@link #netLoadKg} found no step at all (a load that moved slower than a step, or none moved). */
    boolean measuredNone() {
        return stepCount == 0;
    }

    /** The last {@link #netLoadKg} found one step, and only one. */
    boolean measuredOneStep() {
        return stepCount == 1;
    }

    /** The lightest of the weights taken at or before {@code atMs}, epoch ms, kg; NaN when none is (or the buffer overflowed). */
    double lightestUntilKg(long atMs) {
        double lightest = Double.NaN;
        for (int i = 0; i < n && !overflow && firstMs + offsetMs[i] <= atMs; i++) {
            lightest = Double.isNaN(lightest) ? kg[i] : Math.min(lightest, kg[i]);
        }
        return lightest;
    }

    /** The last {@link #netLoadKg} found no step that fell (none at all, or only loads set on or lifts let go). */
    boolean measuredNoFall() {
        return fallCount == 0;
    }

    /**
     * The weight fell by a step's size from the episode's first weight before the last step {@link #netLoadKg} measured
     * came: a pour was under way before it (false when no step was measured).
     */
    boolean pourBeforeLastStep() {
        return lastStepMs >= 0 && kg[0] - lastBeforeKg >= stepKg;
    }

    /**
     * How long the weight took to go from {@code fromKg} to {@code toKg} in one run faster than a faucet pours all the way,
     * ms: from the last of the weights at the start that all stay within {@code bandKg} of the first to the first of the
     * weights at the end that all stay within it of the second (it stood still before and after), the whole move and every
     * {@value #EDGE_MS} ms of it went its way by more than a faucet draws in that time; -1 when it did not (or the weights
     * do not begin and end so, or the buffer overflowed). Beer leaves at a faucet's pace at most, so no more beer than a
     * faucet draws in that time can be in such a move.
     */
    long oneRunMs(double fromKg, double toKg, double bandKg) {
        if (overflow) {
            return -1;
        }
        int to = n; // the first weight of the still stretch at its end, all within bandKg of toKg
        while (to > 0 && Math.abs(kg[to - 1] - toKg) <= bandKg) {
            to--;
        }
        int from = -1; // the last weight of the still stretch at its start, all within bandKg of fromKg
        while (from + 1 < to && Math.abs(kg[from + 1] - fromKg) <= bandKg) {
            from++;
        }
        if (to == n || from < 0) {
            return -1;
        }
        for (int i = from; i + edge <= to; i++) {
            if (!fasterThanAFaucet(i, i + edge, toKg - fromKg)) {
                return -1;
            }
        }
        return fasterThanAFaucet(from, to, toKg - fromKg) ? offsetMs[to] - offsetMs[from] : -1;
    }

    /** The weight went from sample {@code i} to sample {@code j} the way of {@code towardKg} faster than a faucet pours. */
    private boolean fasterThanAFaucet(int i, int j, double towardKg) {
        return (kg[j] - kg[i]) * Math.signum(towardKg) > maxPourKgPerMs * (offsetMs[j] - offsetMs[i]);
    }

    /** The last step {@link #netLoadKg} measured, kg: positive for a load set on, negative for a lift; 0 when none. */
    double lastStepKg() {
        return lastSizes.length == 0 ? 0 : lastSizes[lastSizes.length - 1];
    }

    /** The weight just after the last step {@link #netLoadKg} measured, kg (meaningless when none was measured). */
    double afterLastStepKg() {
        return lastAfterKg;
    }

    /** The weight just before the last step {@link #netLoadKg} measured, kg (meaningless when none was measured). */
    double beforeLastStepKg() {
        return lastBeforeKg;
    }

    /**
     * Every weight from {@value #GUARD_MS} ms after the last step {@link #netLoadKg} measured (its ring) stays within
     * {@code bandKg} of {@code weightKg}: nothing moved after it (false when no step was measured or weights were lost).
     */
    boolean stillAfterLastStep(double weightKg, double bandKg) {
        if (lastStepMs < 0 || overflow) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (offsetMs[i] > lastStepMs + GUARD_MS && Math.abs(kg[i] - weightKg) > bandKg) {
                return false;
            }
        }
        return true;
    }

    /**
     * The last step {@link #netLoadKg} measured lifted the keg (the weight fell) and came after another step, and the
     * weight {@code weightKg} is no lighter than just after it: a second lift, which nothing after it undid by a fall
     * or a beer drawn (false when fewer than two steps were measured).
     */
    boolean liftAfterAnotherStep(double weightKg) {
        return stepCount >= 2 && lastStepMs >= 0 && lastAfterKg < lastBeforeKg && weightKg >= lastAfterKg;
    }

    /** When the last step {@link #netLoadKg} measured was, epoch ms (the first weight's time when none). */
    long lastStepAtMs() {
        return firstMs + Math.max(0, lastStepMs);
    }

    /**
     * Somewhere after the last step the weight fell faster than a faucet pours over two seconds, by more than a step's
     * size: no beer alone, so a load was going (a lean easing off at once, then a pour under it: issue 12, seventh
     * round, seed 1044 at 80 SPS, 2.5 kg eased over 18 s reported as a 107 oz pour and held as a press for hours).
     */
    private boolean fellFastAfterLastStep() {
        int span = 10 * edge; // two seconds
        int from = 0;
        while (from < n && offsetMs[from] <= lastStepMs + GUARD_MS) {
            from++;
        }
        for (int i = from; i + span < n; i++) {
            if (kg[i] - kg[i + span] > stepKg + maxPourKgPerMs * (offsetMs[i + span] - offsetMs[i])) {
                return true;
            }
        }
        return false;
    }

    /**
     * How many samples further the ramp of a run of change of sign {@code diff} goes on beyond its sample {@code end}
     * ({@code side} 1: its last, after it; -1: its first, before it); 0 when it has ended. It goes on by one sample
     * where the weight moves its way faster than a faucet across it ({@link #oneRamp} next to each other), and through
     * an edge's gap where it does so from the edge next to the run to the one beyond the gap (a faucet allowed that
     * much longer, the same half step of noise). Issue 12, ninth round: a load ramped on over most of a second at
     * 0.3-0.5 kg/s, two to four times a faucet's rate, changes the 200 ms means next to each other by less than half
     * a step, and its run ended on the ramp; the line fitted after it was still on it, half of the load was measured
     * and the rest reported as a pour of 3.6-5.2 oz (six leans and knocks lifting the keg by 0.27-0.44 kg at rest, seeds
     * 1007, 1025, 20261328, 61, 137 and 267 at 10 SPS). A pour at a faucet's rate extends no run either way, but for
     * noise beyond half a step. Only a {@code slow} run goes on through a gap: one whose steepest change is less than
     * two steps' (0.28-0.30 kg between the 200 ms means, about 1.4 kg/s), as a ramp near the step detector's rate makes.
     * A faster load's run covers its ramp, and what follows its end is the filters' tail and a pour's vibration: through
     * the gap a 5.2 kg knock ramped off in 0.3 s during a pour took the noise for ramp, was measured 0.12 kg heavy from
     * lines fitted further off, and the rest was held on the keg as a load (seed 20261248 at 10 SPS, a pour lost to it
     * hours later).
     */
    private int rampsOn(int end, double diff, int side, boolean slow) {
        if (side > 0) {
            return oneRamp(end, end + 1, diff) ? 1 : slow && oneRamp(end, end + 1 + edge, diff) ? edge + 1 : 0;
        }
        return oneRamp(end - 2, end - 1, diff) ? 1 : slow && oneRamp(end - 2 - edge, end - 1, diff) ? edge + 1 : 0;
    }

    /**
     * A run of change that ended at sample {@code endedAt} and one of the same sign ({@code diff}) that begins at
     * {@code startsAt} are one ramp when the weight moved the same way between them faster than a faucet pours: a
     * load eased on or off over seconds changes the 200 ms means by about as much as a step must, and their runs
     * break up into pieces that are each fitted on the ramp (issue 12, seventh round: a 12.8 kg lean eased off over
     * 17 s was measured as 11.4 kg, and the rest reported as a pour).
     */
    private boolean oneRamp(int endedAt, int startsAt, double diff) {
        if (startsAt + edge > n || endedAt < edge - 1) {
            return false;
        }
        double between = mean(startsAt, startsAt + edge) - mean(endedAt - edge + 1, endedAt + 1);
        long ms = offsetMs[startsAt + edge - 1] - offsetMs[endedAt - edge + 1];
        return Math.signum(between) == Math.signum(diff) && Math.abs(between) > stepKg / 2 + maxPourKgPerMs * ms;
    }

    /**
     * Where the weight rose by more than a step between the means of two edges either side of a sample, and neither the
     * two edges before that nor the two after rose by half as much; -1 when nowhere. Beer never adds weight, so such a rise
     * is a load set on (or a lean let go) even where it ramped too slowly for the 200 ms means to change by a step's size
     * beyond a faucet's: issue 12, sixteenth round (seed 31028 at 80 SPS), a 0.221 kg lean ramped onto a slim quarter over
     * 0.45 s under a pour changed them by 0.098 kg, no step was seen, and the pour was reported less the lean (a reading
     * 0.78 % high) and the lean's ease 25 s later as a 7.4 oz pour. Only a compact rise: a lean lifting the keg that eases
     * off over seconds rises as much either side of any point, and lines fitted on its ramp would measure a part of it.
     * And only one within a pour, the weight falling by a step's size before it and after it: at a pour's end the settled
     * weights tell such a press better ({@code KegDetector#pressedOnAtPourEnd}, seed 9039's knock), and a press set on at
     * rest that eases off slowly under a pour is as likely gone as on (seed 23006: a 0.36 kg lean so measured was held
     * for an hour after it had eased off, its beer reported with the pour).
     */
    private int compactRiseAt() {
        int wide = 2 * edge;
        int best = -1;
        double bestKg = stepKg;
        int from = 2 * wide;
        if (from + 2 * wide > n) {
            return -1;
        }
        double before = sum(from - wide, from); // sliding sums: once per sample of an episode that saw no step
        double after = sum(from, from + wide);
        for (int i = from; i + 2 * wide <= n; i++) {
            if (i > from) {
                before += kg[i - 1] - kg[i - 1 - wide];
                after += kg[i - 1 + wide] - kg[i - 1];
            }
            double rise = (after - before) / wide;
            if (rise > bestKg) {
                best = i;
                bestKg = rise;
            }
        }
        if (best < 0) {
            return -1;
        }
        double riseBefore = mean(best - wide, best) - mean(best - 2 * wide, best - wide);
        double riseAfter = mean(best + wide, best + 2 * wide) - mean(best, best + wide);
        boolean pourRanBefore = mean(0, edge) - mean(best - 2 * wide, best - wide) >= stepKg;
        boolean pourRanOn = mean(best + wide, best + 2 * wide) - mean(n - edge, n) >= stepKg;
        return riseBefore < bestKg / 2 && riseAfter < bestKg / 2 && pourRanBefore && pourRanOn ? best : -1;
    }

    /**
     * The mean of the {@code edge} weights from sample {@code i} less that of the {@code edge} before it, kg, when
     * it is a faster change than a faucet's between them; NaN when it is not.
     */
    private double changeAt(int i) {
        double diff = mean(i, i + edge) - mean(i - edge, i);
        return Math.abs(diff) > stepChangeKg(i) ? diff : Double.NaN;
    }

    /** The change of the means either side of sample {@code i} that makes a step: a step's size beyond a faucet's, kg. */
    private double stepChangeKg(int i) {
        return stepKg + maxPourKgPerMs * (offsetMs[i + edge - 1] - offsetMs[i - edge]);
    }

    /**
     * The step at sample {@code at}, whose change ran from sample {@code runFrom} to {@code runTo}, from the weights
     * after the step at {@code from} (its run ending at {@code fromRunTo}) and before the one at {@code to} (its run
     * beginning at {@code toRunFrom}; -1: none), kg. The lines are fitted to the
     * weights before the run began and after it ended: a real load comes on over up to a second (issue 12, seventh
     * round), and the weights next to its steepest point are still on its ramp.
     */
    private double stepAt(int at, int runFrom, int runTo, int from, int fromRunTo, int to, int toRunFrom) {
        long t0 = offsetMs[at];
        // the run's ends, as times from the step; an instant step's run is about its own GUARD_MS either side
        // a ramp's run ends where the change over 200 ms falls below a step's, with up to one edge of its tail left
        long preEnd = Math.min(-GUARD_MS, offsetMs[runFrom] - t0 - 1);
        long postStart = Math.max(GUARD_MS, offsetMs[runTo] - t0 + 1);
        // longer than an instant step's run: one edge either side of it, and up to one more for the 100 ms smoothing
        // and the spike filter at 80 SPS (extended at 2 edges, steps under a pour on the bar of steps lost 8 oz)
        if (runTo - runFrom >= 3 * edge) {
            preEnd = Math.min(preEnd, offsetMs[Math.max(0, runFrom - edge)] - t0 - 1);
            postStart = Math.max(postStart, offsetMs[Math.min(n - 1, runTo + edge)] - t0 + 1);
        }
        // sums per side: count, t, x, tt, tx (t relative to the step)
        double[] pre = new double[5];
        double[] post = new double[5];
        Sides sides = new Sides(t0, preEnd, postStart, from, fromRunTo, to, toRunFrom);
        for (int i = Math.max(0, from); i < (to < 0 ? n : to); i++) {
            int side = sideOf(sides, i);
            if (side != 0) {
                accumulate(side < 0 ? pre : post, offsetMs[i] - t0, kg[i], 1);
            }
        }
        if (pre[0] == 0 || post[0] == 0) {
            return Double.NaN;
        }
        double[] fit = fit(pre, post);
        // a weight off its side's line by more than half a step is no level: the spike filter takes the first weights of a
        // fast ramp for spikes and passes the old level for them, so one weight up the ramp stands among the weights
        // before it (issue 12, fifteenth round, seed 16041 at 10 SPS: a 0.70 kg lean ramped on in 0.65 s during a pour was
        // measured 0.605 kg with such a weight in the line before it, and its ease later taken for a 23.4 oz pour). The
        // worst of each side is left out once and the lines fitted again.
        boolean refit = dropStray(pre, sides, -1, fit[0], fit[2]) | dropStray(post, sides, 1, fit[1], fit[2]);
        if (refit) {
            if (pre[0] == 0 || post[0] == 0) {
                return Double.NaN;
            }
            fit = fit(pre, post);
        }
        double before = fit[0];
        double after = fit[1];
        lastStepMs = t0;
        lastAfterKg = after;
        lastBeforeKg = before;
        return after - before;
    }

    /**
     * The lines with one slope (beer leaves the keg no faster than a faucet and never comes back) through the sums of
     * {@code pre} and {@code post}: their levels at the step and the slope, {before, after, slope}.
     */
    private double[] fit(double[] pre, double[] post) {
        double stt = centred(pre[3], pre[1], pre[1], pre[0]) + centred(post[3], post[1], post[1], post[0]);
        double stx = centred(pre[4], pre[1], pre[2], pre[0]) + centred(post[4], post[1], post[2], post[0]);
        double slope = stt > 0 ? Math.max(-maxPourKgPerMs, Math.min(0, stx / stt)) : 0;
        return new double[] {pre[2] / pre[0] - slope * pre[1] / pre[0], post[2] / post[0] - slope * post[1] / post[0], slope};
    }

    /**
     * Takes out of {@code sums} (those of {@code side}, -1 before the step, 1 after) the weight furthest from that side's line
     * ({@code levelKg} at the step, {@code slope}) when it is off by more than half a step; whether it did. The weights
     * are those {@link #stepAt} chose for the side.
     */
    private boolean dropStray(double[] sums, Sides sides, int side, double levelKg, double slope) {
        int worst = -1;
        double worstOff = stepKg / 2;
        for (int i = Math.max(0, sides.from()); i < (sides.to() < 0 ? n : sides.to()); i++) {
            double off = Math.abs(kg[i] - (levelKg + slope * (offsetMs[i] - sides.t0())));
            if (sideOf(sides, i) == side && off > worstOff) {
                worst = i;
                worstOff = off;
            }
        }
        if (worst < 0 || sums[0] <= 2) {
            return false;
        }
        accumulate(sums, offsetMs[worst] - sides.t0(), kg[worst], -1);
        return true;
    }

    /**
     * Which side of the step at {@code t0} (ms from the first weight) each weight's line is fitted on: before it up to
     * {@code preEnd}, after it from {@code postStart} (ms from the step), each over at most {@link #SPAN_MS} less the
     * guard, and neither near the neighbouring steps' runs ({@code from} and {@code to}, see {@link #stepAt}).
     */
    private record Sides(long t0, long preEnd, long postStart, int from, int fromRunTo, int to, int toRunFrom) {
    }

    /** The side of {@code sides}' step weight {@code i} is fitted on: -1 before, 1 after, 0 neither. */
    private int sideOf(Sides sides, int i) {
        boolean nearOther = (sides.from() >= 0 && (i <= sides.fromRunTo() || offsetMs[i] - offsetMs[sides.from()] < GUARD_MS))
                || (sides.to() >= 0 && (i >= sides.toRunFrom() || offsetMs[sides.to()] - offsetMs[i] < GUARD_MS));
        long t = offsetMs[i] - sides.t0();
        if (nearOther) {
            return 0;
        }
        if (t <= sides.preEnd() && t >= sides.preEnd() - (SPAN_MS - GUARD_MS)) {
            return -1;
        }
        return t >= sides.postStart() && t <= sides.postStart() + (SPAN_MS - GUARD_MS) ? 1 : 0;
    }

    /** Adds the weight {@code x} at {@code t} to {@code sums} ({@code times} 1), or takes it out ({@code times} -1). */
    private static void accumulate(double[] sums, double t, double x, int times) {
        sums[0] += times;
        sums[1] += times * t;
        sums[2] += times * x;
        sums[3] += times * t * t;
        sums[4] += times * t * x;
    }

    /** Σ(a − ā)(b − b̄) from Σab, Σa, Σb and the count. */
    private static double centred(double sumAb, double sumA, double sumB, double count) {
        return sumAb - sumA * sumB / count;
    }

    private double mean(int from, int to) {
        return sum(from, to) / (to - from);
    }

    private double sum(int from, int to) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += kg[i];
        }
        return sum;
    }
}
