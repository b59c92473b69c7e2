package com.scalesense.agent.config;

import com.scalesense.agent.batch.BatcherConfig;
import com.scalesense.agent.outbox.OutboxConfig;
import com.scalesense.agent.pipeline.LowKegRule;
import com.scalesense.agent.publish.MqttSettings;
import com.scalesense.agent.uplink.UplinkSettings;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The agent's whole configuration, validated once at start-up ({@link AgentConfigLoader}).
 * Immutable; the runtime builds its object graph from it and nothing else.
 *
 * @param device           identity of the scale
 * @param stateDir         where the NVS store, the outbox and the control socket live
 * @param controlSocket    the control socket's path (default {@code stateDir/control.sock})
 * @param hardware         sensors; ignored by {@code --simulate}
 * @param readingInterval  a reading is recorded this often besides at events (DESIGN: 60 s)
 * @param swapMinEmpty     a keg swap needs the platform empty this long (PipelineConfig swap_min_empty)
 * @param outbox           outbox file and its bound in bytes
 * @param batch            when batches are sealed
 * @param mqtt             broker settings, or null when no broker is configured (offline: readings
 *                         stay in the outbox, bounded, oldest dropped first)
 * @param publisher        which MQTT client publishes
 * @param uplink           how hard batches are pushed to the broker
 * @param shutdownPublishTimeout on SIGTERM, how long the uplink may still publish
 * @param log              logging
 * @param simulation       set with {@code --simulate}, else null
 * @param controlIdleTimeout a control connection sending nothing this long is closed (control.idle_timeout)
 * @param lowKeg           the low-keg rule until the cloud sends the location's (alerts.low_keg_pct,
 *                         alerts.grace_period_secs; the cloud's own defaults)
 */
public record AgentConfig(DeviceIdentity device, Path stateDir, Path controlSocket, HardwareConfig hardware,
                          Duration readingInterval, Duration swapMinEmpty, OutboxConfig outbox, BatcherConfig batch, MqttSettings mqtt,
                          PublisherKind publisher,
                          UplinkSettings uplink, Duration shutdownPublishTimeout, LogConfig log,
                          SimulationConfig simulation, Duration controlIdleTimeout, LowKegRule lowKeg) {

    /** True when a broker is configured. */
    public boolean online() {
        return mqtt != null;
    }

    /** True when running on the simulator. */
    public boolean simulated() {
        return simulation != null;
    }

    /** This config with other MQTT settings (an in-process simulation reconnects faster than a Pi should). */
    public AgentConfig withMqtt(MqttSettings value) {
        return new AgentConfig(device, stateDir, controlSocket, hardware, readingInterval, swapMinEmpty, outbox, batch,
                value, publisher, uplink, shutdownPublishTimeout, log, simulation, controlIdleTimeout,
                lowKeg);
    }

    /** This config with other uplink settings (retries and ack timeout of an in-process simulation). */
    public AgentConfig withUplink(UplinkSettings value) {
        return new AgentConfig(device, stateDir, controlSocket, hardware, readingInterval, swapMinEmpty, outbox, batch,
                mqtt, publisher, value, shutdownPublishTimeout, log, simulation, controlIdleTimeout,
                lowKeg);
    }

    /** The NVS store file. */
    public Path nvsFile() {
        return stateDir.resolve("nvs.db");
    }
}
