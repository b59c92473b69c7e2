package com.scalesense.agent.replay;

import com.scalesense.agent.pipeline.PipelineException;
import com.scalesense.agent.pipeline.keg.KegType;
import com.scalesense.hal.sim.Disturbance.Kind;
import com.scalesense.hal.sim.KegPeriod;
import com.scalesense.hal.sim.Scenario;
import com.scalesense.hal.sim.TruePour;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The truth beside a recorded trace (format in docs/accuracy.md): how counts map to kg (optional
 * when the trace header carries the calibration, or when known weights are marked), which keg
 * stood on the platform from when, true level checkpoints, pours, sensor faults, and the
 * disturbances of issue 12 (knocks, objects, lifts, part-full kegs). Between two level
 * checkpoints of one keg the true level is taken as linear.
 *
 * @param offsetCounts counts at zero load (NaN: no calibration row)
 * @param countsPerKg  counts per kg (NaN: no calibration row)
 * @param knownWeights spans when a known weight (0 kg: nothing) stood on the platform, to fit a calibration from
 */
public record TruthFile(double offsetCounts, double countsPerKg, TreeMap<Long, KegRow> kegs,
                        TreeMap<Long, Double> levels, List<Truth.Pour> pours, List<long[]> faults,
                        List<Truth.Disturbance> disturbances, List<KnownWeight> knownWeights) {

    static final String FORMAT_LINE = "# scale-sense truth v1";
    private static final String KINDS = "calibration, keg, level, absent, pour, fault, known_weight, empty, "
            + Arrays.stream(Kind.values()).map(Kind::wireName).collect(Collectors.joining(", "))
            + " or object (= object_on_empty)";

    /** A known weight (kg; 0 for the empty platform) standing still on the platform from startMs to endMs. */
    public record KnownWeight(long startMs, long endMs, double kg) {
    }

    /** True when the file has a calibration row. */
    public boolean hasCalibration() {
        return !Double.isNaN(offsetCounts) && !Double.isNaN(countsPerKg);
    }

    /** A keg set on the platform at {@code placedMs} (type and beer as the bar assigns them). */
    public record KegRow(long placedMs, KegType type, double sg) {
    }

    /** True unless a part_full_keg row starts at {@code placedMs} (within a second): the keg set down then was full. */
    public boolean setDownFull(long placedMs) {
        return disturbances.stream().noneMatch(d -> d.kind() == Kind.PART_FULL_KEG && Math.abs(d.startMs() - placedMs) <= 1_000);
    }

    /**
     * True when the keg set down at {@code placedMs} still stands on the platform at {@code ms}: no absent row and no
     * other keg row since. A technician assigns the keg in front of them, not one already taken off (issue 12,
     * twenty-fourth round: a keg taken off before its assignment was due had it given to the keg set down after it).
     */
    public boolean stillOnAt(long placedMs, long ms) {
        boolean absentSince = levels.subMap(placedMs, false, ms, true).containsValue(Double.NaN);
        return !absentSince && kegs.subMap(placedMs, false, ms, true).isEmpty();
    }

    /**
     * This truth with a keg of {@code type} and {@code sg} placed {@link Truth#ASSIGN_AFTER_MS} before
     * {@code startMs}, unless a keg row already covers that instant: the keg assigned when recording began
     * counts as assigned from the start, as it was on the scale.
     */
    public TruthFile withKegPlacedBefore(long startMs, KegType type, double sg) {
        if (kegs.floorKey(startMs) != null) {
            return this;
        }
        TreeMap<Long, KegRow> withKeg = new TreeMap<>(kegs);
        long placed = startMs - Truth.ASSIGN_AFTER_MS;
        withKeg.put(placed, new KegRow(placed, type, sg));
        return new TruthFile(offsetCounts, countsPerKg, withKeg, levels, pours, faults, disturbances, knownWeights);
    }

    public Truth truth() {
        return new Truth(pours, List.copyOf(kegs.keySet()), this::levelAt, ms -> {
            var keg = kegs.floorEntry(ms);
            return keg == null ? Double.NaN : keg.getValue().type().gallons() * 8 / 100;
        }, faults, disturbances);
    }

    /** Linear between the checkpoints around {@code ms}; NaN outside them or across a keg change. */
    double levelAt(long ms) {
        var before = levels.floorEntry(ms);
        var after = levels.ceilingEntry(ms);
        if (before == null || after == null || Double.isNaN(before.getValue()) || Double.isNaN(after.getValue())) {
            return Double.NaN;
        }
        var kegBefore = kegs.floorKey(before.getKey());
        if (kegBefore == null || !kegBefore.equals(kegs.floorKey(after.getKey()))) {
            return Double.NaN;
        }
        if (before.getKey().equals(after.getKey())) {
            return before.getValue();
        }
        double f = (ms - before.getKey()) / (double) (after.getKey() - before.getKey());
        return before.getValue() + f * (after.getValue() - before.getValue());
    }

    public static TruthFile read(Path path) {
        List<String> lines;
        try {
            lines = Files.readAllLines(path, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read truth file " + path, e);
        }
        PipelineException.require(!lines.isEmpty() && lines.get(0).equals(FORMAT_LINE), path + " line 1",
                lines.isEmpty() ? "" : lines.get(0), "must be '" + FORMAT_LINE + "'");
        double[] cal = {Double.NaN, Double.NaN};
        List<Truth.Disturbance> disturbances = new ArrayList<>();
        List<KnownWeight> known = new ArrayList<>();
        TreeMap<Long, KegRow> kegs = new TreeMap<>();
        TreeMap<Long, Double> levels = new TreeMap<>();
        List<Truth.Pour> pours = new ArrayList<>();
        List<long[]> faults = new ArrayList<>();
        for (int n = 1; n < lines.size(); n++) {
            String line = lines.get(n);
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split(",", -1);
            String where = path.getFileName() + " line " + (n + 1);
            try {
                switch (f[0]) {
                    case "calibration" -> cal = new double[] {Double.parseDouble(f[1]), Double.parseDouble(f[2])};
                    case "keg" -> kegs.put(Long.parseLong(f[1]),
                            new KegRow(Long.parseLong(f[1]), KegType.fromWireName(f[2]), Double.parseDouble(f[3])));
                    case "level" -> levels.put(Long.parseLong(f[1]), Double.parseDouble(f[2]));
                    case "absent" -> levels.put(Long.parseLong(f[1]), Double.NaN);
                    case "pour" -> pours.add(new Truth.Pour(Long.parseLong(f[1]), Long.parseLong(f[2]), Double.parseDouble(f[3])));
                    case "fault" -> faults.add(new long[] {Long.parseLong(f[1]), Long.parseLong(f[2])});
                    case "known_weight" -> known.add(new KnownWeight(Long.parseLong(f[1]), Long.parseLong(f[2]),
                            Double.parseDouble(f[3])));
                    case "empty" -> known.add(new KnownWeight(Long.parseLong(f[1]), Long.parseLong(f[2]), 0));
                    default -> disturbances.add(disturbance(f, where));
                }
            } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
                throw new PipelineException(where, line, "fields must match the row kind (docs/accuracy.md)");
            }
        }
        disturbances.sort(Comparator.comparingLong(Truth.Disturbance::startMs));
        return new TruthFile(cal[0], cal[1], kegs, levels, pours, faults, disturbances, known);
    }

    /** {@code kind,start_ms,end_ms[,kg]}: a knock, an object, a lift, a part-full keg; kg may be left out. */
    private static Truth.Disturbance disturbance(String[] f, String where) {
        String name = f[0].equals("object") ? "object_on_empty" : f[0];
        Kind kind = Arrays.stream(Kind.values()).filter(k -> k.wireName().equals(name)).findFirst()
                .orElseThrow(() -> new PipelineException(where, f[0], "row kind must be " + KINDS));
        long start = Long.parseLong(f[1]);
        long end = Long.parseLong(f[2]);
        PipelineException.require(end > start, where, end, "end_ms must be after start_ms " + start);
        double kg = f.length > 3 && !f[3].isBlank() ? Double.parseDouble(f[3]) : Double.NaN;
        return new Truth.Disturbance(kind, start, end, kg);
    }

    /** Writes the truth of a simulated life, with level checkpoints at every pour's start and end. */
    public static void write(Path path, Scenario scenario, double offsetCounts, double countsPerKg, long epochMs) {
        List<String> out = new ArrayList<>();
        out.add(FORMAT_LINE);
        out.add(String.format(Locale.ROOT, "calibration,%.3f,%.6f", offsetCounts, countsPerKg));
        for (KegPeriod p : scenario.periods()) {
            long placed = epochMs + p.placedNanos() / 1_000_000;
            out.add(String.format(Locale.ROOT, "keg,%d,%s,%.3f", placed, p.keg().kegType(), p.keg().sg()));
            out.add(level(scenario, p.placedNanos(), epochMs));
            for (TruePour pour : p.pours()) {
                out.add(level(scenario, pour.startNanos(), epochMs));
                out.add(level(scenario, pour.endNanos(), epochMs));
                out.add(String.format(Locale.ROOT, "pour,%d,%d,%.4f", epochMs + pour.startNanos() / 1_000_000,
                        epochMs + pour.endNanos() / 1_000_000, pour.volumeOz()));
            }
            long lastNanos = Math.min(p.removedNanos(), scenario.endNanos()) - 1_000_000;
            out.add(level(scenario, lastNanos, epochMs));
            if (p.removedNanos() < scenario.endNanos()) {
                out.add("absent," + (epochMs + p.removedNanos() / 1_000_000));
            }
        }
        scenario.faults().forEach(f -> out.add("fault," + (epochMs + f.startNanos() / 1_000_000) + ","
                + (epochMs + f.endNanos() / 1_000_000)));
        scenario.disturbances().forEach(d -> out.add(String.format(Locale.ROOT, "%s,%d,%d,%.3f", d.kind().wireName(),
                epochMs + d.startNanos() / 1_000_000, epochMs + Math.min(d.endNanos(), scenario.endNanos()) / 1_000_000,
                d.kg())));
        try {
            Files.write(path, out, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write truth file " + path, e);
        }
    }

    private static String level(Scenario scenario, long nanos, long epochMs) {
        return String.format(Locale.ROOT, "level,%d,%.6f", epochMs + nanos / 1_000_000, scenario.levelPctAt(nanos));
    }
}
