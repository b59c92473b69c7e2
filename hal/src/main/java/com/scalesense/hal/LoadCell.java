package com.scalesense.hal;

import java.time.Duration;

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

    /** The output data rate the cell runs at. */
    SampleRate rate();

    /** Stops sampling and releases the pins or files; idempotent. */
    @Override
    void close();
}
