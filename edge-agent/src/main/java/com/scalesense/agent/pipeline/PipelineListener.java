package com.scalesense.agent.pipeline;

import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.Reading;

/** Receives what the pipeline produces, in order, on the thread that feeds it samples. */
public interface PipelineListener {

    /** A reading, every reading interval and at once after an event. */
    void onReading(Reading reading);

    /**
     * The reading the cloud's low-keg alert waits for (the first one the location's grace period after
     * the first under its low_keg_pct; {@link LowKegRule}): its batch should be sealed at once.
     * By default it is taken as any reading.
     */
    default void onReadingAtOnce(Reading reading) {
        onReading(reading);
    }

    /** A pour, keg swap, tare or sensor status change; always before the reading it caused. */
    void onEvent(DeviceEvent event);
}
