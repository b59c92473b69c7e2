package com.scalesense.agent.pipeline.signal;

import com.scalesense.hal.RawSample;
import com.scalesense.hal.SampleStatus;

/**
 * Lets only samples with status OK through, and decides when the sensor is in error: after
 * {@code faultAfter} unusable samples in a row, until {@code recoverAfter} good ones in a row.
 * A lone bad sample is only skipped, so one glitch does not flap the sensor status.
 */
public final class SampleGate {

    /** What to do with one sample. */
    public enum Verdict { USE, SKIP, FAULT_STARTED, RECOVERED }

    private final int faultAfter;
    private final int recoverAfter;
    private int badRun;
    private int goodRun;
    private boolean faulted;
    private SampleStatus lastBadStatus = SampleStatus.OK;

    public SampleGate(int faultAfter, int recoverAfter) {
        this.faultAfter = faultAfter;
        this.recoverAfter = recoverAfter;
    }

    public Verdict offer(RawSample sample) {
        if (!sample.isValid()) {
            lastBadStatus = sample.status();
            goodRun = 0;
            badRun++;
            if (!faulted && badRun >= faultAfter) {
                faulted = true;
                return Verdict.FAULT_STARTED;
            }
            return Verdict.SKIP;
        }
        badRun = 0;
        if (!faulted) {
            return Verdict.USE;
        }
        goodRun++;
        if (goodRun >= recoverAfter) {
            faulted = false;
            goodRun = 0;
            return Verdict.RECOVERED;
        }
        return Verdict.SKIP;
    }

    public boolean faulted() {
        return faulted;
    }

    /** Status of the latest unusable sample (OK if there was none). */
    public SampleStatus lastBadStatus() {
        return lastBadStatus;
    }
}
