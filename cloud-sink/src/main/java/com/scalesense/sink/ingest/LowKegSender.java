package com.scalesense.sink.ingest;

import com.scalesense.protocol.Timestamps;
import com.scalesense.sink.LocationSettings;
import com.scalesense.sink.command.LowKegCommands;
import com.scalesense.sink.command.ScaleCommands;
import com.scalesense.sink.store.IngestContext;

/**
 * Sends a scale its location's low-keg rule when it registers or connects (issue 18). Best
 * effort: a send the broker refuses is logged and never fails the registration or presence event
 * it rides on (the next connect sends it again, and the settings PUT sends each change); the
 * command is the same for every send of one settings version ({@link LowKegCommands}).
 */
final class LowKegSender {

    private final ScaleCommands commands;

    /** @param commands null: send nothing */
    LowKegSender(ScaleCommands commands) {
        this.commands = commands;
    }

    boolean enabled() {
        return commands != null;
    }

    void send(String deviceId, IngestContext ctx) {
        if (commands == null) {
            return;
        }
        LocationSettings s = ctx.settings();
        long version = ctx.settingsAtMs() == null ? Timestamps.MIN_MS : ctx.settingsAtMs();
        LowKegCommands.sendBestEffort(commands, deviceId, LowKegCommands.setLowKeg(s.lowKegPct(), s.gracePeriodSecs(),
                version));
    }
}
