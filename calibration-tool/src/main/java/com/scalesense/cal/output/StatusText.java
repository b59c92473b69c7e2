package com.scalesense.cal.output;

import com.scalesense.control.Replies;
import com.scalesense.cal.StoredState;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The human form of {@code status}: one labelled line per concern, the label in a fixed column. */
public final class StatusText {

    private StatusText() {
    }

    /** The agent's status reply. */
    public static List<String> of(Replies.Status s) {
        List<String> lines = new ArrayList<>();
        lines.add(row("device", s.deviceId() + " (" + s.hardwareId() + ")" + (s.simulated() ? " SIMULATED" : "")
                + ", firmware " + s.firmwareVersion()));
        lines.add(row("tap", s.tapId() + " at " + s.locId()));
        lines.add(row("agent", "running, boot #" + s.bootCount() + " up " + Formats.age(s.uptimeS()) + ", clock "
                + (s.clockSynced() ? "synchronised" : "NOT synchronised (readings flagged until it is)")));
        lines.add(row("keg", ResultText.keg(s.keg())));
        lines.add(row("calibration", ResultText.calibration(s.calibration())));
        lines.add(row("outbox", outbox(s.outbox())));
        lines.add(row("uplink", connectivity(s.connectivity())));
        lines.add(row("battery", s.battery() == null ? "no gauge" : String.format(Locale.ROOT, "%.2f V, %.0f %%",
                s.battery().volts(), s.battery().percent())));
        if (s.temperatureC() != null) {
            lines.add(row("temperature", String.format(Locale.ROOT, "%.1f °C", s.temperatureC())));
        }
        Replies.Sampling p = s.sampling();
        if (p != null) {
            lines.add(row("sampling", String.format(Locale.ROOT, "%d SPS, %d samples (%d valid), %d readings, "
                    + "%d events, %d refused", p.rate(), p.samples(), p.validSamples(), p.readingsRecorded(),
                    p.eventsRecorded(), p.recordsRefused())));
        }
        lines.add(row("last error", s.lastError() == null ? "none" : s.lastError()));
        return lines;
    }

    /** What the stores say with the agent stopped. */
    public static List<String> of(StoredState s) {
        List<String> lines = new ArrayList<>();
        lines.add(row("agent", "NOT running: values read from the stores in " + s.stateDir()));
        lines.add(row("keg", s.keg() == null ? "none assigned" : ResultText.keg(s.keg())));
        lines.add(row("calibration", ResultText.calibration(s.calibration())));
        lines.add(row("outbox", s.outbox() == null ? "no outbox file yet" : outbox(s.outbox())));
        lines.add(row("nvs store", s.storeHealth() + (s.movedAside().isEmpty() ? ""
                : ", damaged files moved aside: " + String.join(", ", s.movedAside()))));
        return lines;
    }

    static String outbox(Replies.OutboxInfo o) {
        return String.format(Locale.ROOT, "%d pending, %d sealed batches, %d dropped, %s of %s", o.pending(),
                o.sealed(), o.dropped(), Formats.mib(o.usedBytes()), Formats.mib(o.maxBytes()));
    }

    static String connectivity(Replies.Connectivity c) {
        if (!c.configured()) {
            return "offline: no broker configured (readings stay in the outbox)";
        }
        String state = c.connected() ? "connected" + (c.registered() ? ", registered" : ", not yet registered")
                : "NOT connected";
        return state + ", " + c.published() + " published, " + c.acked() + " acked"
                + (c.lastError() == null ? "" : ", last error: " + c.lastError());
    }

    static String row(String label, String value) {
        return String.format(Locale.ROOT, "%-12s %s", label, value);
    }
}
