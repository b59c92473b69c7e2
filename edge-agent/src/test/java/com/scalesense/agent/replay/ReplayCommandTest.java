package com.scalesense.agent.replay;

import com.scalesense.agent.pipeline.PipelineConfig;
import com.scalesense.agent.pipeline.keg.KegType;
import com.scalesense.agent.pipeline.bench.SimulatedKegLife;
import com.scalesense.hal.RawSample;
import com.scalesense.hal.SampleRate;
import com.scalesense.hal.SampleStatus;
import com.scalesense.hal.replay.TraceGain;
import com.scalesense.hal.replay.TraceHeader;
import com.scalesense.hal.replay.TraceRecorder;
import com.scalesense.hal.sim.BarDisturbances;
import com.scalesense.hal.sim.KegSpec;
import com.scalesense.hal.sim.NoiseSpec;
import com.scalesense.hal.sim.TemperatureProfile;
import com.scalesense.hal.sim.TrafficProfile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * {@code scale-agent replay} end to end on a simulated real-bar life written as a gzipped trace and
 * a truth file (issue 12: a technician replays and scores a recording in one step).
 */
class ReplayCommandTest {

    // seed 000: sixth_barrel 5.17 gal, empty 16.5 lbs
    private static final List<KegSpec> SIXTHS = List.of(new KegSpec("sixth_barrel", 16.5 * 0.45359237, 5.17, 1.013));
    private static final long EPOCH_MS = 1_790_000_000_000L; // SimulatedKegLife's scenario start

    @TempDir
    static Path dir;
    static SimulatedKegLife life;
    static SimulatedKegLife.Result direct;
    static Score directScore;
    static Path traceGz;
    static Path truthCsv;

    @BeforeAll
    static void a_real_bar_life_recorded_as_a_gzipped_trace() throws Exception {
        life = new SimulatedKegLife(3, SampleRate.SPS_10, NoiseSpec.datasheet(), TemperatureProfile.constant(4), false,
                SIXTHS, TrafficProfile.busyBar().withShellSpreadKg(0.3), BarDisturbances.realBar());
        direct = life.run(PipelineConfig.defaults());
        directScore = Scorer.score(direct.truth(), direct.recorder().readings(), direct.recorder().events());
        Path plain = dir.resolve("life.trace");
        Path truthWithCal = dir.resolve("truth-with-calibration.csv");
        life.writeTrace(plain, truthWithCal);
        traceGz = dir.resolve("life.trace.gz");
        try (OutputStream gz = new GZIPOutputStream(Files.newOutputStream(traceGz))) {
            Files.copy(plain, gz);
        }
        // the technician's truth file has no calibration row: it comes from the trace header
        truthCsv = dir.resolve("truth.csv");
        Files.write(truthCsv, Files.readAllLines(truthWithCal).stream().filter(l -> !l.startsWith("calibration,")).toList());
    }

    @Test
    void replays_a_gzipped_trace_with_the_header_calibration_and_lists_every_pour_and_swap() throws Exception {
        // given the gzipped trace and a truth file without a calibration row
        Path out = dir.resolve("readings.csv");

        // when the technician runs the command
        Run run = replay("--trace", traceGz.toString(), "--truth", truthCsv.toString(), "--out", out.toString());

        // then it succeeds, says where the calibration came from, and writes every reading and event
        assertThat(run.status).as(run.err).isZero();
        assertThat(run.out).contains("calibration from the trace header");
        List<String> rows = Files.readAllLines(out);
        assertThat(rows.get(0)).isEqualTo(ReplayCsv.OUTPUT_HEADER);
        assertThat(rows.stream().filter(r -> r.startsWith("reading,")).count())
                .isEqualTo(direct.recorder().readings().size());
        assertThat(rows.stream().filter(r -> r.startsWith("pour,")).count()).isEqualTo(directScore.detectedPours());
        // and the verdicts list each pour and swap with its time, as the direct run scored them
        List<String> verdicts = Files.readAllLines(dir.resolve("readings.verdicts.csv"));
        assertThat(verdicts.get(0)).isEqualTo(ReplayCsv.VERDICT_HEADER);
        assertThat(count(verdicts, "pour,matched,")).isEqualTo(directScore.matchedDetected());
        assertThat(count(verdicts, "pour,false,")).isEqualTo(directScore.detectedPours() - directScore.matchedDetected());
        assertThat(count(verdicts, "swap,matched,")).isEqualTo(directScore.swapsDetected());
        assertThat(count(verdicts, "swap,false,")).isEqualTo(directScore.falseSwaps());
        assertThat(count(verdicts, "pour,missed,") + directScore.matchedDetected()).isEqualTo(direct.scenario().pours().size());
        assertThat(run.out).contains(verdicts.get(1));
    }

    @Test
    void the_truth_file_carries_the_disturbances_of_the_life() {
        // given the truth file written beside the trace (row kinds for knocks and objects)
        TruthFile truth = TruthFile.read(truthCsv);

        // then it reads back every disturbance the simulator drew, with its kind and times
        assertThat(truth.disturbances()).hasSameSizeAs(direct.scenario().disturbances()).isNotEmpty();
        assertThat(truth.disturbances()).extracting(Truth.Disturbance::kind)
                .containsExactlyElementsOf(direct.scenario().disturbances().stream().map(d -> d.kind()).toList());
        assertThat(truth.hasCalibration()).isFalse();
    }

    @Test
    void fits_the_calibration_from_marked_empty_and_known_weight_spans() throws Exception {
        // given a truth file that marks the empty platform of the first 4 s and the full keg standing
        // from 130 s to 170 s after the start (set down at 120 s, nobody pours in its first minute)
        double kegKg = direct.scenario().grossKgAt(150_000_000_000L);
        List<String> lines = new ArrayList<>(Files.readAllLines(truthCsv));
        lines.add("empty," + EPOCH_MS + "," + (EPOCH_MS + 4_000));
        lines.add("known_weight," + (EPOCH_MS + 130_000) + "," + (EPOCH_MS + 170_000) + "," + kegKg);
        Path marked = dir.resolve("truth-marked.csv");
        Files.write(marked, lines);

        // when it is replayed
        Replay.Result r = Replay.run(traceGz, TruthFile.read(marked), PipelineConfig.defaults());

        // then the fitted scale is the technician's within creep and noise (a few grams on 30 kg)
        assertThat(r.calibrationSource()).contains("fitted from 2 known-weight spans");
        assertThat(r.calibration().countsPerKg()).isCloseTo(direct.calibration().countsPerKg(),
                within(0.005 * direct.calibration().countsPerKg()));
    }

    @Test
    void refuses_a_trace_without_any_calibration_and_writes_nothing() throws Exception {
        // given a plain trace whose header lost its calibration notes, and no truth file
        Path bare = dir.resolve("bare.trace");
        try (var lines = Files.lines(dir.resolve("life.trace"))) {
            Files.write(bare, lines.filter(l -> !l.startsWith("# offset_counts") && !l.startsWith("# counts_per_kg")).toList());
        }
        Path out = dir.resolve("bare.csv");

        // when it is replayed
        Run run = replay("--trace", bare.toString(), "--out", out.toString());

        // then the error names the missing header note and nothing is written
        assertThat(run.status).isEqualTo(ReplayCommand.EXIT_DATA);
        assertThat(run.err).contains("offset_counts").contains("calibration");
        assertThat(out).doesNotExist();
    }

    @Test
    void never_overwrites_an_existing_output_file() throws Exception {
        Path out = dir.resolve("kept.csv");
        Files.writeString(out, "earlier results\n");

        Run run = replay("--trace", traceGz.toString(), "--out", out.toString());

        assertThat(run.status).isEqualTo(ReplayCommand.EXIT_CANT_CREATE);
        assertThat(run.err).contains("kept.csv").contains("never overwritten");
        assertThat(Files.readString(out)).isEqualTo("earlier results\n");
    }

    @Test
    void starts_with_the_keg_the_trace_header_names_as_assigned_and_tared_as_the_scale_had_it() throws Exception {
        // issue 12: replay assigned no keg, so a technician's recording read as an unassigned estimate (tare pending)
        // given a sixth barrel of a 1.013 beer, tared empty 7.7 kg and full 27.5 kg, half full on the platform
        Path trace = stillKegTrace("assigned.trace", Map.of(KegAssignment.KEG_ID_NOTE, "keg-20261127-0001",
                KegAssignment.KEG_TYPE_NOTE, "sixth_barrel", KegAssignment.SG_NOTE, "1.0130",
                KegAssignment.EMPTY_NOTE, "7.7", KegAssignment.FULL_NOTE, "27.5"));
        Path out = dir.resolve("assigned.csv");

        Run run = replay("--trace", trace.toString(), "--out", out.toString());

        // then the level comes from its measured tare and the readings say so
        assertThat(run.status).as(run.err).isZero();
        assertThat(run.out).contains("keg: keg-20261127-0001, sixth_barrel, sg 1.0130, tare complete, assigned from the "
                + "start (from the trace header)");
        String[] last = lastLevel(out);
        assertThat(Double.parseDouble(last[3])).isCloseTo(50.0, within(0.01));
        assertThat(last[8]).isEqualTo("COMPLETE");
    }

    @Test
    void the_technician_assigns_only_a_keg_still_on_the_platform() throws Exception {
        // issue 12, twenty-fourth round (seed 74008 at 80 SPS): a part-full sixth barrel stood 3 min and was taken off,
        // a full half barrel was set down and poured 1.0 kg before its own assignment; the sixth barrel's assignment,
        // due 5 min after it was set down, went to the half barrel, and the half barrel's own, under another keg_id,
        // took its weight then for full: every level after it 1.8 % high
        double full = KegType.HALF_BARREL.emptyKg() + KegType.HALF_BARREL.beerWhenFullKg(1.0);
        Path trace = weightTrace("moved-off.trace", ms -> ms < 180_000 ? 17.6 : ms < 210_000 ? 0
                : full - Math.min(1.0, Math.max(0, ms - 240_000) * 0.000_06)); // a pour of 1.0 kg at 60 g/s
        Path truth = dir.resolve("moved-off-truth.csv");
        Files.write(truth, List.of(TruthFile.FORMAT_LINE, "keg," + (EPOCH_MS + 100) + ",sixth_barrel,1.000",
                "part_full_keg," + (EPOCH_MS + 100) + "," + (EPOCH_MS + 180_000) + ",13.0",
                "absent," + (EPOCH_MS + 180_000), "keg," + (EPOCH_MS + 210_000) + ",half_barrel,1.000"));
        Path out = dir.resolve("moved-off.csv");

        Run run = replay("--trace", trace.toString(), "--truth", truth.toString(), "--out", out.toString());

        // then the half barrel counts down from its weight when set down: 1.0 kg of 58.67 kg of beer gone
        assertThat(run.status).as(run.err).isZero();
        String[] last = lastLevel(out);
        assertThat(last[8]).isEqualTo("FULL_SET");
        assertThat(Double.parseDouble(last[3])).isCloseTo(100 * (1 - 1.0 / KegType.HALF_BARREL.beerWhenFullKg(1.0)),
                within(0.05));
    }

    @Test
    void the_keg_flags_name_the_keg_when_the_header_does_not() throws Exception {
        Path trace = stillKegTrace("bare-keg.trace", Map.of());
        Path out = dir.resolve("flags.csv");

        Run run = replay("--trace", trace.toString(), "--out", out.toString(), "--keg-type", "sixth_barrel", "--sg",
                "1.013", "--empty-kg", "7.7");

        // 9.9 kg of beer over the measured shell, of 5.17 gal x 3.785411784 L x 1.013 = 19.826 kg when full
        assertThat(run.status).as(run.err).isZero();
        assertThat(run.out).contains("tare empty_set, assigned from the start (from the flags)");
        String[] last = lastLevel(out);
        assertThat(Double.parseDouble(last[3])).isCloseTo(100 * 9.9 / (5.17 * 3.785411784 * 1.013), within(0.01));
        assertThat(last[8]).isEqualTo("EMPTY_SET");
    }

    @Test
    void a_keg_flag_without_the_keg_type_is_refused_and_nothing_is_written() throws Exception {
        assertRefusedAsUsage("--empty-kg needs --keg-type", "--empty-kg", "7.7");
    }

    @Test
    void a_keg_type_flag_that_names_no_type_is_refused_with_the_types_and_nothing_is_written() throws Exception {
        assertRefusedAsUsage("--keg-type = firkin: must be one of half_barrel, quarter_barrel, sixth_barrel, slim_quarter",
                "--keg-type", "firkin");
    }

    @Test
    void a_weight_flag_that_is_no_number_is_refused_naming_the_flag_as_typed() throws Exception {
        assertRefusedAsUsage("--empty-kg = heavy: must be a number", "--keg-type", "sixth_barrel", "--empty-kg", "heavy");
    }

    /** Replays the trace with {@code kegFlags}: refused as a usage error saying {@code why}, no output written. */
    private void assertRefusedAsUsage(String why, String... kegFlags) throws Exception {
        Path out = dir.resolve("refused.csv");
        List<String> args = new ArrayList<>(List.of("--trace", traceGz.toString(), "--out", out.toString()));
        args.addAll(List.of(kegFlags));

        Run run = replay(args.toArray(String[]::new));

        assertThat(run.status).isEqualTo(ReplayCommand.EXIT_USAGE);
        assertThat(run.err).contains(why);
        assertThat(out).doesNotExist();
    }

    /** 80 s of a keg weighing 17.6 kg standing still, through a cell of 100 000 counts at zero and 18 000 per kg. */
    private static Path stillKegTrace(String name, Map<String, String> kegNotes) {
        TraceHeader header = TraceHeader.of(SampleRate.SPS_10, TraceGain.A_128, Instant.ofEpochMilli(EPOCH_MS))
                .withNote(Replay.OFFSET_NOTE, "100000.000").withNote(Replay.SCALE_NOTE, "18000.000000");
        for (Map.Entry<String, String> note : new TreeMap<>(kegNotes).entrySet()) {
            header = header.withNote(note.getKey(), note.getValue());
        }
        Path trace = dir.resolve(name);
        try (TraceRecorder recorder = TraceRecorder.create(trace, header, Duration.ofSeconds(60))) {
            for (int i = 1; i <= 800; i++) {
                recorder.record(new RawSample(416_800, i * 100_000_000L, // 100 000 + 17.6 x 18 000
                        EPOCH_MS + i * 100L, SampleStatus.OK));
            }
        }
        return trace;
    }

    /** 10 min at 10 SPS of the weight {@code kgAt} ms into it, through a cell of 100 000 counts at zero and 18 000 per kg. */
    private static Path weightTrace(String name, java.util.function.LongToDoubleFunction kgAt) {
        TraceHeader header = TraceHeader.of(SampleRate.SPS_10, TraceGain.A_128, Instant.ofEpochMilli(EPOCH_MS))
                .withNote(Replay.OFFSET_NOTE, "100000.000").withNote(Replay.SCALE_NOTE, "18000.000000");
        Path trace = dir.resolve(name);
        try (TraceRecorder recorder = TraceRecorder.create(trace, header, Duration.ofSeconds(60))) {
            for (int i = 1; i <= 6_000; i++) {
                int counts = (int) Math.round(100_000 + 18_000 * kgAt.applyAsDouble(i * 100L));
                recorder.record(new RawSample(counts, i * 100_000_000L, EPOCH_MS + i * 100L, SampleStatus.OK));
            }
        }
        return trace;
    }

    /** The fields of the last reading with a level in a replay's output. */
    private static String[] lastLevel(Path out) throws IOException {
        return Files.readAllLines(out).stream().filter(l -> l.startsWith("reading,")).map(l -> l.split(",", -1))
                .filter(f -> !f[3].isEmpty()).reduce((a, b) -> b).orElseThrow();
    }

    private static long count(List<String> lines, String prefix) {
        return lines.stream().filter(l -> l.startsWith(prefix)).count();
    }

    private record Run(int status, String out, String err) {
    }

    private static Run replay(String... args) throws InterruptedException, IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            status = ReplayCommand.run(args, o, e);
        }
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
