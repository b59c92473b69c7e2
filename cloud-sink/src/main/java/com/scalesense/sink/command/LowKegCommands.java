package com.scalesense.sink.command;

import com.scalesense.protocol.DeviceCommand;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code set_low_keg} command (docs/protocol.md, DeviceCommand): a location's low_keg_pct and
 * grace_period_secs for its scales (issue 18). The scale judges nothing with them; it sends the
 * first reading grace_period_secs after the first one under low_keg_pct at once (with the readings
 * before it), so the low_keg alert the sink evaluates on the batches is not held back by the 2 h
 * bulk batching.
 *
 * <p>The command_id and issued_at_ms come from the settings' version (their {@code updated_at}),
 * so every send of one version is the same command, applied once per boot, and a scale keeps the
 * newest version whatever order the sends arrive in; settings changed back to earlier values are
 * a new version, so they are not dropped as a repeat.
 */
public final class LowKegCommands {

    /** {@code lowkeg-} + the version in epoch ms: 7 + 13 characters of the command_id rule. */
    static final String PREFIX = "lowkeg-";

    private static final Logger LOG = LoggerFactory.getLogger(LowKegCommands.class);

    private LowKegCommands() {
    }

    /**
     * @param lowKegPct       percent, 0..100 (the location's setting, a whole number when the admin wrote it)
     * @param gracePeriodSecs seconds, 0..86 400
     * @param versionMs       the settings' updated_at, epoch ms; the protocol's earliest time (2000-01-01)
     *                        for a location without settings, so it never replaces a stored version
     */
    public static DeviceCommand setLowKeg(double lowKegPct, long gracePeriodSecs, long versionMs) {
        // Plain decimal text, whole numbers without a point (15, not 15.0): the protocol's args.low_keg_pct rule.
        String pct = BigDecimal.valueOf(lowKegPct).setScale(6, RoundingMode.HALF_EVEN).stripTrailingZeros()
                .toPlainString();
        return new DeviceCommand(PREFIX + versionMs, "set_low_keg",
                Map.of("low_keg_pct", pct, "grace_period_secs", Long.toString(gracePeriodSecs)), versionMs);
    }

    /**
     * Sends {@code command} to {@code deviceId}, best effort: a send the broker refuses is logged,
     * never thrown, so it fails no registration, connect or settings change it rides on (the
     * scale's next connect sends the rule again).
     */
    public static void sendBestEffort(ScaleCommands commands, String deviceId, DeviceCommand command) {
        try {
            commands.send(deviceId, command);
        } catch (CommandNotSentException e) {
            LOG.warn("{} to {} not sent now; its next connect sends it again: {}", command.type(), deviceId,
                    e.getMessage());
        }
    }
}
