package com.scalesense.agent.scale;

import com.scalesense.agent.clock.TimeSync;
import com.scalesense.agent.pipeline.Ambient;
import com.scalesense.hal.BatteryGauge;
import com.scalesense.hal.BatteryState;
import com.scalesense.hal.TemperatureSensor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Battery, temperature and clock-sync state, refreshed on the scheduler and read by the sampling
 * thread: a DS18B20 conversion takes up to 750 ms (datasheet p.3) and must never hold up the
 * HX711's 100 ms sample period. A sensor that fails reads as absent (null), never as a number.
 */
public final class AmbientCache {

    private static final Logger LOG = LoggerFactory.getLogger(AmbientCache.class);

    private final BatteryGauge battery;
    private final TemperatureSensor temperature;
    private final TimeSync timeSync;
    private volatile Ambient current;
    private volatile String lastError;

    public AmbientCache(BatteryGauge battery, TemperatureSensor temperature, TimeSync timeSync) {
        this.battery = battery;
        this.temperature = temperature;
        this.timeSync = timeSync;
        this.current = new Ambient(null, null, timeSync.isSynchronized());
    }

    /** Reads every sensor once; called by the scheduler (and once before sampling starts). */
    public void refresh() {
        BatteryState b = null;
        Double t = null;
        if (battery != null) {
            try {
                b = battery.read();
            } catch (RuntimeException e) {
                note("battery", e);
            }
        }
        if (temperature != null) {
            try {
                t = temperature.readCelsius();
            } catch (RuntimeException e) {
                note("temperature", e);
            }
        }
        current = new Ambient(t, b, timeSync.isSynchronized());
    }

    public Ambient current() {
        return current;
    }

    public String lastError() {
        return lastError;
    }

    private void note(String sensor, RuntimeException e) {
        lastError = sensor + ": " + e.getMessage();
        LOG.warn("{} could not be read: {}", sensor, e.getMessage());
    }
}
