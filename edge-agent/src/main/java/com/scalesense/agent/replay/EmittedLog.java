package com.scalesense.agent.replay;

import com.scalesense.agent.pipeline.PipelineListener;
import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.Reading;

import java.util.ArrayList;
import java.util.List;

/** Keeps everything a pipeline emitted, in order. */
public class EmittedLog implements PipelineListener {

    final List<Reading> readings = new ArrayList<>();
    final List<DeviceEvent> events = new ArrayList<>();
    final List<Reading> atOnce = new ArrayList<>();
    int swaps;

    @Override
    public void onReading(Reading reading) {
        readings.add(reading);
    }

    /** Kept with the others, and apart: the reading the low-keg alert waits for. */
    @Override
    public void onReadingAtOnce(Reading reading) {
        readings.add(reading);
        atOnce.add(reading);
    }

    @Override
    public void onEvent(DeviceEvent event) {
        events.add(event);
        if (event instanceof DeviceEvent.KegSwap) {
            swaps++;
        }
    }

    public List<Reading> readings() {
        return readings;
    }

    /** The readings sent at once for the low-keg alert, in order (also in {@link #readings()}). */
    public List<Reading> atOnce() {
        return atOnce;
    }

    public List<DeviceEvent> events() {
        return events;
    }

    public <T extends DeviceEvent> List<T> eventsOf(Class<T> type) {
        return events.stream().filter(type::isInstance).map(type::cast).toList();
    }
}
