package com.scalesense.hal.sim;

import com.scalesense.hal.SampleStatus;

import static com.scalesense.hal.sim.SimulationConfigException.require;

/**
 * A span of simulated time in which the ADC delivers no usable value (a loose wire, a chip that
 * stops answering).
 *
 * @param startNanos first affected instant, ns since the scenario began
 * @param endNanos   first instant after the fault, ns
 * @param status     what the driver reports meanwhile; never {@link SampleStatus#OK}
 */
public record FaultWindow(long startNanos, long endNanos, SampleStatus status) {

    public FaultWindow {
        require(endNanos > startNanos, "endNanos", endNanos, "must be after startNanos " + startNanos);
        require(status != null && status != SampleStatus.OK, "status", status, "must be a fault status");
    }

    boolean covers(long nanos) {
        return nanos >= startNanos && nanos < endNanos;
    }
}
