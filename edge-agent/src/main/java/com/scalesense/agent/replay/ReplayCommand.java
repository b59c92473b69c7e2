package com.scalesense.agent.replay;

import com.scalesense.agent.AgentException;
import com.scalesense.agent.pipeline.PipelineConfig;
import com.scalesense.hal.HalException;

import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;

/**
 * {@code scale-agent replay}: a technician's one step from a recorded trace to every reading and
 * event the pipeline makes of it, and with a truth file to each matched, missed and false pour and
 * swap (docs/accuracy.md).
 *
 * <pre>
 * java -jar scale-agent.jar replay --trace FILE[.gz] [--truth FILE] --out READINGS.csv [--verdicts FILE.csv]
 *     [--keg-type TYPE [--sg SG] [--keg-id ID] [--empty-kg KG] [--full-kg KG]]
 * </pre>
 *
 * <p>The keg flags name the keg that stood assigned on the scale when recording began (they replace what the
 * trace header says of it, see {@link KegAssignment}); without them and without a keg_id in the header the
 * replay starts with no keg assigned, and its levels are estimates (tare_status pending).
 */
public final class ReplayCommand {

    public static final String USAGE =
            "usage: scale-agent replay --trace FILE[.gz] [--truth FILE] --out READINGS.csv [--verdicts VERDICTS.csv]"
                    + " [--keg-type TYPE [--sg SG] [--keg-id ID] [--empty-kg KG] [--full-kg KG]]";
    /** EX_USAGE (sysexits.h). */
    static final int EXIT_USAGE = 64;
    /** EX_DATAERR (sysexits.h): the trace or the truth file breaks a rule. */
    static final int EXIT_DATA = 65;
    /** EX_CANTCREAT (sysexits.h): an output file exists already or cannot be written. */
    static final int EXIT_CANT_CREATE = 73;

    private record Args(Path trace, Path truth, Path out, Path verdicts, KegAssignment keg) {
    }

    private ReplayCommand() {
    }

    /** @param args the arguments after {@code replay} */
    public static int run(String[] args, PrintStream out, PrintStream err) throws InterruptedException {
        Args a;
        try {
            a = parse(args);
        } catch (IllegalArgumentException | AgentException e) { // AgentException: a keg flag breaks its rule
            err.println("scale-agent replay: " + e.getMessage() + "\n" + USAGE);
            return EXIT_USAGE;
        }
        for (Path p : a.truth() == null ? List.of(a.out()) : List.of(a.out(), a.verdicts())) {
            if (Files.exists(p)) {
                err.println("scale-agent replay: " + p + " exists already; it is never overwritten (choose another --out or --verdicts)");
                return EXIT_CANT_CREATE;
            }
        }
        Replay.Result r;
        try {
            TruthFile truth = a.truth() == null ? null : TruthFile.read(a.truth());
            r = Replay.run(a.trace(), truth, a.keg(), PipelineConfig.defaults());
        } catch (AgentException | HalException e) {
            err.println("scale-agent replay: " + e.getMessage());
            return EXIT_DATA;
        } catch (UncheckedIOException e) {
            err.println("scale-agent replay: " + e.getMessage() + ": " + e.getCause().getMessage());
            return EXIT_DATA;
        }
        try {
            ReplayCsv.writeOutput(a.out(), r.recorder().readings(), r.recorder().events());
            if (r.score() != null) {
                ReplayCsv.writeVerdicts(a.verdicts(), r.score().verdicts());
            }
        } catch (UncheckedIOException e) {
            err.println("scale-agent replay: " + e.getMessage() + ": " + e.getCause().getMessage());
            return EXIT_CANT_CREATE;
        }
        report(out, a, r);
        return 0;
    }

    private static void report(PrintStream out, Args a, Replay.Result r) {
        out.printf(Locale.ROOT, "replayed %s (%s): calibration from the %s: offset %.1f counts, %.3f counts/kg%n",
                a.trace(), r.header().rate(), r.calibrationSource(), r.calibration().offsetCounts(), r.calibration().countsPerKg());
        KegAssignment k = r.keg();
        out.println(k == null ? "keg: none assigned when recording began (levels are estimates; --keg-type names one)"
                : String.format(Locale.ROOT, "keg: %s, %s, sg %.4f, tare %s, assigned from the start (from %s)",
                        k.kegId(), k.type().wireName(), k.sg(), k.profile(0).tare().status().name().toLowerCase(Locale.ROOT),
                        r.kegSource()));
        out.printf(Locale.ROOT, "wrote %d readings and %d events to %s%n", r.recorder().readings().size(),
                r.recorder().events().size(), a.out());
        if (r.score() == null) {
            return;
        }
        ScoreTable.print(out, List.of("trace"), List.of(r.score()));
        List<Score.Verdict> verdicts = ReplayCsv.sorted(r.score().verdicts());
        out.println("every pour and swap (" + verdicts.size() + ", also in " + a.verdicts() + "):");
        out.println(ReplayCsv.VERDICT_HEADER);
        verdicts.forEach(v -> out.println(ReplayCsv.verdict(v)));
    }

    private static Args parse(String[] args) {
        Path trace = null;
        Path truth = null;
        Path out = null;
        Path verdicts = null;
        Map<String, String> keg = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--trace" -> trace = Path.of(value(args, ++i, "--trace"));
                case "--truth" -> truth = Path.of(value(args, ++i, "--truth"));
                case "--out" -> out = Path.of(value(args, ++i, "--out"));
                case "--verdicts" -> verdicts = Path.of(value(args, ++i, "--verdicts"));
                case "--keg-type", "--sg", "--keg-id", "--empty-kg", "--full-kg" -> keg.put(args[i], value(args, i + 1, args[i++]));
                default -> throw new IllegalArgumentException("unknown argument '" + args[i] + "'");
            }
        }
        if (!keg.isEmpty() && !keg.containsKey("--keg-type")) {
            throw new IllegalArgumentException(String.join(" ", keg.keySet()) + " needs --keg-type (the keg they describe)");
        }
        if (trace == null || out == null) {
            throw new IllegalArgumentException("--trace and --out are required");
        }
        if (verdicts != null && truth == null) {
            throw new IllegalArgumentException("--verdicts needs --truth (a verdict compares with the truth)");
        }
        if (verdicts == null) {
            String name = out.getFileName().toString();
            String base = name.endsWith(".csv") ? name.substring(0, name.length() - 4) : name;
            verdicts = out.resolveSibling(base + ".verdicts.csv");
        }
        KegAssignment assignment = keg.isEmpty() ? null : KegAssignment.of(keg.getOrDefault("--keg-id",
                KegAssignment.FLAG_KEG_ID), keg.get("--keg-type"), keg.get("--sg"), keg.get("--empty-kg"), keg.get("--full-kg"),
                KegAssignment.Fields.FLAGS);
        return new Args(trace, truth, out, verdicts, assignment);
    }

    private static String value(String[] args, int i, String flag) {
        if (i >= args.length) {
            throw new IllegalArgumentException(flag + " needs a value");
        }
        return args[i];
    }
}
