package com.scalesense.cal.output;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;

/** Number and time formats shared by the human output; locale-independent (a dot, never a comma). */
public final class Formats {

    private Formats() {
    }

    /** kg with 3 decimals (1 g, the order of the cell's noise), or "-" when unknown. */
    public static String kg(Double kg) {
        return kg == null ? "-" : String.format(Locale.ROOT, "%.3f kg", kg);
    }

    /** lbs with 1 decimal, as the tables of seed 000 give keg weights. */
    public static String lbs(Double lbs) {
        return lbs == null ? "-" : String.format(Locale.ROOT, "%.1f lbs", lbs);
    }

    /** A whole number of counts (the ADC's unit), or "-". */
    public static String counts(Double counts) {
        return counts == null ? "-" : String.format(Locale.ROOT, "%.0f", counts);
    }

    /** Compact age: 45s, 12m 03s, 5h 07m, 3d 04h. */
    public static String age(Long seconds) {
        if (seconds == null) {
            return "-";
        }
        Duration d = Duration.ofSeconds(seconds);
        if (d.toDays() > 0) {
            return String.format(Locale.ROOT, "%dd %02dh", d.toDays(), d.toHoursPart());
        }
        if (d.toHours() > 0) {
            return String.format(Locale.ROOT, "%dh %02dm", d.toHours(), d.toMinutesPart());
        }
        if (d.toMinutes() > 0) {
            return String.format(Locale.ROOT, "%dm %02ds", d.toMinutes(), d.toSecondsPart());
        }
        return seconds + "s";
    }

    /** RFC 3339 UTC to the second (seed 001's metadata timestamp form), or "-". */
    public static String time(Long epochMs) {
        return epochMs == null ? "-" : Instant.ofEpochMilli(epochMs - Math.floorMod(epochMs, 1000)).toString();
    }

    /** Bytes as MiB with 1 decimal. */
    public static String mib(long bytes) {
        return String.format(Locale.ROOT, "%.1f MiB", bytes / (1024.0 * 1024.0));
    }
}
