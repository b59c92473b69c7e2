package com.scalesense.agent.replay;

import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.Reading;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/** The replay's output files (columns in docs/accuracy.md); an existing file is never overwritten. */
final class ReplayCsv {

    static final String OUTPUT_HEADER = "row,timestamp_ms,time_utc,level_pct,gallons,pints_left,weight_lbs,keg_state,"
            + "tare_status,start_ms,end_ms,volume_oz,detail";
    static final String VERDICT_HEADER = "what,verdict,time_ms,time_utc,true_oz,detected_oz,cause";

    private ReplayCsv() {
    }

    /** Every reading and event in time order (a reading before an event of the same millisecond). */
    static void writeOutput(Path path, List<Reading> readings, List<DeviceEvent> events) {
        try (BufferedWriter w = create(path)) {
            w.write(OUTPUT_HEADER);
            w.newLine();
            int e = 0;
            for (Reading r : readings) {
                for (; e < events.size() && events.get(e).timestampMs() < r.timestampMs(); e++) {
                    w.write(event(events.get(e)));
                    w.newLine();
                }
                w.write(reading(r));
                w.newLine();
            }
            for (; e < events.size(); e++) {
                w.write(event(events.get(e)));
                w.newLine();
            }
        } catch (IOException ex) {
            throw new UncheckedIOException("cannot write " + path, ex);
        }
    }

    static void writeVerdicts(Path path, List<Score.Verdict> verdicts) {
        try (BufferedWriter w = create(path)) {
            w.write(VERDICT_HEADER);
            w.newLine();
            for (Score.Verdict v : sorted(verdicts)) {
                w.write(verdict(v));
                w.newLine();
            }
        } catch (IOException ex) {
            throw new UncheckedIOException("cannot write " + path, ex);
        }
    }

    static List<Score.Verdict> sorted(List<Score.Verdict> verdicts) {
        return verdicts.stream().sorted(Comparator.comparingLong(Score.Verdict::timeMs)).toList();
    }

    static String verdict(Score.Verdict v) {
        return String.join(",", v.what(), v.verdict(), Long.toString(v.timeMs()), utc(v.timeMs()), num(v.trueOz(), "%.2f"),
                num(v.detectedOz(), "%.2f"), v.cause());
    }

    private static String reading(Reading r) {
        return String.join(",", "reading", Long.toString(r.timestampMs()), utc(r.timestampMs()), num(r.levelPct(), "%.3f"),
                num(r.gallons(), "%.4f"), num(r.pintsLeft(), "%.2f"), num(r.weightLbs(), "%.3f"),
                r.kegState() == null ? "" : r.kegState().name(), r.tareStatus() == null ? "" : r.tareStatus().name(),
                "", "", "", "");
    }

    private static String event(DeviceEvent event) {
        String t = Long.toString(event.timestampMs());
        if (event instanceof DeviceEvent.Pour p) {
            return String.join(",", "pour", t, utc(p.timestampMs()), "", "", "", "", "", "",
                    Long.toString(p.startMs()), Long.toString(p.endMs()), num(p.volumeOz(), "%.3f"), "");
        }
        if (event instanceof DeviceEvent.KegSwap s) {
            return String.join(",", "keg_swap", t, utc(s.timestampMs()), "", "", "", num(s.weightLbs(), "%.3f"), "", "",
                    "", "", "", s.newKegId() == null ? "" : clean(s.newKegId()));
        }
        if (event instanceof DeviceEvent.Tare tare) {
            return String.join(",", "tare", t, utc(tare.timestampMs()), "", "", "", "", "",
                    tare.tareStatus() == null ? "" : tare.tareStatus().name(), "", "", "", clean(tare.kind()));
        }
        DeviceEvent.SensorError s = (DeviceEvent.SensorError) event; // the last of the sealed four
        return String.join(",", "sensor_error", t, utc(s.timestampMs()), "", "", "", "", "", "", "", "", "",
                clean(s.sensor() + " " + s.status() + " " + s.detail()));
    }

    private static BufferedWriter create(Path path) throws IOException {
        return Files.newBufferedWriter(path, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    }

    private static String utc(long ms) {
        return Instant.ofEpochMilli(ms).toString();
    }

    private static String num(Double v, String fmt) {
        return v == null || v.isNaN() ? "" : String.format(Locale.ROOT, fmt, v);
    }

    /** Free text in a CSV cell: no field or line separators. */
    private static String clean(String s) {
        return s == null ? "" : s.replace(',', ';').replace('\n', ' ').replace('\r', ' ');
    }
}
