package com.scalesense.sink.ingest;

import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.ReadingsBatch;
import com.scalesense.sink.LocationSettings;
import com.scalesense.sink.store.SummaryAdd;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Turns a batch's pour events into additions to per-tap daily summaries (seed 003 pattern). The
 * day is the bar's business day (location timezone and business_day_ends_at). A pour timed by an
 * unsynchronised clock cannot be placed in a day, so it is counted in the business day of the
 * sink's receipt and also in {@code unsynced_pours}, so the manager can see how many were placed so.
 */
final class Pours {

    /** US fluid ounces per US gallon. */
    static final double OZ_PER_GALLON = 128.0;

    private Pours() {
    }

    static List<SummaryAdd> summaries(ReadingsBatch b, LocationSettings settings, long receivedAtMs) {
        Map<LocalDate, double[]> byDay = new TreeMap<>();
        for (DeviceEvent e : b.events()) {
            if (e instanceof DeviceEvent.Pour pour) {
                long at = pour.clockSynced() ? pour.timestampMs() : receivedAtMs;
                double[] sums = byDay.computeIfAbsent(settings.businessDay(at), d -> new double[3]);
                sums[0] += 1;
                sums[1] += pour.clockSynced() ? 0 : 1;
                sums[2] += pour.volumeOz();
            }
        }
        List<SummaryAdd> out = new ArrayList<>();
        byDay.forEach((day, s) -> out.add(new SummaryAdd(b.locId(), b.tapId(), day, (int) s[0], (int) s[1],
                s[2] / OZ_PER_GALLON, s[2])));
        return out;
    }
}
