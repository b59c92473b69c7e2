package com.scalesense.agent.boot;

import com.scalesense.agent.control.ReplyViews;
import com.scalesense.agent.scale.ScaleLoop;

import com.scalesense.agent.config.AgentConfig;
import com.scalesense.control.Replies;
import com.scalesense.agent.outbox.OutboxStatus;
import com.scalesense.agent.pipeline.Ambient;
import com.scalesense.agent.store.StoreHealth;
import java.util.concurrent.TimeUnit;

/**
 * The {@code status} reply: identity, keg, calibration age and quality, outbox depth and drops,
 * connectivity, battery, last error, boot id and uptime. Reads the measuring model on the
 * sampling thread's lane, so it never sees a change half made.
 */
final class StatusBuilder {

    /** Longest wait for the sampling thread to answer; it runs one sample period between lane turns. */
    private static final long LANE_WAIT_S = 5;

    private final AgentConfig config;
    private final AgentParts parts;

    StatusBuilder(AgentConfig config, AgentParts parts) {
        this.config = config;
        this.parts = parts;
    }

    Replies.Status build() {
        long now = parts.sensors().clock().millis();
        Object[] model;
        try {
            model = parts.loop().submit(() -> new Object[] {
                ReplyViews.keg(parts.loop().model().keg(), parts.loop().model().state().name()),
                ReplyViews.calibration(parts.loop().model().calibration(), now)}).get(LANE_WAIT_S, TimeUnit.SECONDS);
        } catch (Exception e) {
            model = new Object[] {null, null};
        }
        OutboxStatus o = parts.outbox().status();
        Ambient a = parts.ambient().current();
        ScaleLoop loop = parts.loop();
        return new Replies.Status(config.device().deviceId(), config.device().hardwareId(), config.device().locId(),
                config.device().tapId(), parts.bootId(), parts.bootCount(), parts.uptimeS(), parts.firmwareVersion(),
                config.simulated(), a.clockSynced(), (Replies.Keg) model[0], (Replies.CalibrationInfo) model[1],
                new Replies.OutboxInfo(o.pendingEntries(), o.sealedBatches(), o.droppedEntries(), o.usedBytes(), o.maxBytes()),
                parts.uplink() == null ? new Replies.Connectivity(false, false, false, 0, 0, null)
                        : parts.uplink().connectivity(),
                a.battery() == null ? null : new Replies.Battery(a.battery().volts(), a.battery().percent()),
                a.temperatureC(),
                new Replies.Sampling(loop.samples(), loop.validSamples(), parts.sink().readings(), parts.sink().events(),
                        parts.sink().refused(), parts.sensors().loadCell().rate().samplesPerSecond()),
                lastError());
    }

    private String lastError() {
        if (parts.nvs().status().health() != StoreHealth.OK) {
            return "nvs store: " + parts.nvs().status().health();
        }
        String[] candidates = {parts.sink().lastError(), parts.loop().lastError(), parts.ambient().lastError(),
            parts.uplink() == null ? null : parts.uplink().connectivity().lastError()};
        for (String c : candidates) {
            if (c != null) {
                return c;
            }
        }
        return null;
    }
}
