package com.scalesense.hal;

import java.time.Duration;
import java.util.List;

/**
 * A load cell behind an ADC, in domain terms: a stream of raw signed counts with their status.
 * Callers never see the GPIO library behind it. Implementations: the HX711 driver, the replay of
 * a recorded trace, and the simulator.
 *
 * <p>Samples come in order; a sample whose status is not {@link SampleStatus#OK} carries no
 * weight and must not be turned into one.
 */
public interface LoadCell extends AutoCloseable {

    /**
     * Waits up to {@code timeout} for the next sample.
     *
     * @return the next sample; one with status {@link SampleStatus#NOT_READY} if none came in time
     * @throws InterruptedException if the calling thread is interrupted while waiting
     * @throws HalException         if the load cell is closed
     */
    RawSample read(Duration timeout) throws InterruptedException;

    /**
     * Takes the samples that are ready, oldest first: adds at most {@code max} of them to
     * {@code into}, in order, each with its own times. When none is ready it waits up to
     * {@code wait} for the next one, as {@link #read} does (one with status
     * {@link SampleStatus#NOT_READY} if none came in time); the rest are taken only if they are
     * already there, never waited for. So a caller that was away for a while (the agent's sampling
     * thread works in bursts, issue 18) gets every sample of that while in one call, and the
     * stream is the same as one {@link #read} per sample would give.
     *
     * <p>The default cannot tell whether a sample is ready without waiting for it, so it adds
     * exactly one, from {@link #read}. A cell with a buffer (the HX711 driver's ring) or with
     * sample times to compare against a clock (a paced simulation) hands out all it has; a cell
     * that keeps the default and feeds the agent gets one sample per burst period.
     *
     * @param max at least 1
     * @return how many samples were added, at least 1
     * @throws InterruptedException if the calling thread is interrupted while waiting
     * @throws HalException         if the load cell is closed
     */
    default int drain(List<RawSample> into, int max, Duration wait) throws InterruptedException {
        into.add(read(wait));
        return 1;
    }

    /** The output data rate the cell runs at. */
    SampleRate rate();

    /** Stops sampling and releases the pins or files; idempotent. */
    @Override
    void close();
}
