package com.scalesense.protocol;

import java.util.List;
import java.util.Map;

/**
 * What a scale can do, as stored in seed 001's {@code devices.capabilities}:
 * {@code {"sensors": ["hx711", "max17048", "ds18b20"], "features": {"offline_buffering": true}}}.
 */
public record Capabilities(List<String> sensors, Map<String, Boolean> features) {

    public Capabilities {
        sensors = sensors == null ? List.of() : List.copyOf(sensors);
        features = features == null ? Map.of() : Map.copyOf(features);
    }
}
