package com.scalesense.agent.scale;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.scalesense.agent.pipeline.Ambient;
import com.scalesense.hal.RawSample;
import com.scalesense.protocol.KegState;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sampling thread's bursts (issue 18), on the real measuring model and MapDB store, with a load
 * cell the test hands samples to and burst periods that pass only when the test says so: what is
 * checked never depends on how fast the machine is.
 */
class ScaleLoopTest {

    private static final long T0 = ScaleModelStart.T0;
    /** At 10 SPS: samples in one burst period of a second. */
    private static final int PER_BURST = 10;

    @TempDir
    Path dir;

    private final QueuedLoadCell cell = new QueuedLoadCell();
    private final SteppedWait wait = new SteppedWait();
    private ScaleModelStart scale;
    private ScaleLoop loop;
    private Thread thread;
    /** The quiet burst the loop is built with: the short one unless a test says otherwise. */
    private Duration quietBurst = ScaleLoop.BURST_PERIOD;

    /**
     * The loop on a fresh store, its thread started with the pour's first sample waiting in the cell,
     * and now waiting for its first burst period; the pour's samples. A drain waits up to 30 s for a
     * sample (no NOT_READY sample comes in while a test is slow to hand one in).
     */
    private List<RawSample> startedAndWaiting() {
        List<RawSample> stream = pourStream();
        scale = new ScaleModelStart(dir.resolve("loop.db"), T0);
        loop = new ScaleLoop(cell, scale.model, () -> Ambient.SYNCED, Duration.ofSeconds(30), ScaleLoop.BURST_PERIOD,
                quietBurst, wait);
        cell.offer(List.of(stream.get(0)));
        thread = new Thread(loop, "agent-sampling-test");
        thread.start();
        awaitWaiting(1);
        assertThat(loop.samples()).as("the first sample does not wait for a burst").isEqualTo(1);
        return stream;
    }

    @AfterEach
    void stopLoop() throws InterruptedException {
        if (loop != null) {
            loop.stop();
            cell.close();
            thread.join(TimeUnit.SECONDS.toMillis(30));
            scale.close();
        }
    }

    /** 50 kg standing, 0.5 kg poured over 8 s, then standing: 171 samples of simulated time from T0. */
    private static List<RawSample> pourStream() {
        ScriptedLoadCell c = new ScriptedLoadCell(T0);
        List<RawSample> samples = new ArrayList<>();
        c.load(50);
        for (int i = 0; i < 51; i++) {
            samples.add(c.read(null));
        }
        for (int i = 1; i <= 80; i++) {
            c.load(50 - 0.5 * i / 80);
            samples.add(c.read(null));
        }
        c.load(49.5);
        for (int i = 0; i < 40; i++) {
            samples.add(c.read(null));
        }
        return samples;
    }

    /** Waits until the thread has begun its {@code n}th wait for a burst period. */
    private void awaitWaiting(int n) {
        await().atMost(Duration.ofSeconds(30)).until(() -> wait.waits() >= n);
        assertThat(wait.waits()).as("waits begun").isEqualTo(n);
    }

    @Test
    void unwatched_it_processes_every_sample_in_bursts_and_records_what_one_by_one_would() {
        // given the pour's samples, the first processed at once
        List<RawSample> stream = startedAndWaiting();

        // when a burst period's samples come each period, and once the samples of two and a half
        int next = 1;
        List<Integer> offered = new ArrayList<>(List.of(1));
        while (next < stream.size()) {
            int n = Math.min(next == 101 ? 25 : PER_BURST, stream.size() - next);
            cell.offer(stream.subList(next, next + n));
            next += n;
            offered.add(n);
            wait.elapse();
            awaitWaiting(offered.size());
        }

        // then every sample was processed, each burst in one drain (a late burst in two, without a wait between)
        assertThat(loop.samples()).isEqualTo(stream.size());
        List<Integer> expected = new ArrayList<>();
        for (int n : offered) {
            if (n == 25) {
                expected.addAll(List.of(20, 5));
            } else {
                expected.add(n);
            }
        }
        assertThat(cell.drains()).isEqualTo(expected);
        assertThat(wait.endedByTime()).isEqualTo(offered.size() - 1);
        // and the model recorded exactly what it records when fed one sample at a time
        try (ScaleModelStart oneByOne = new ScaleModelStart(dir.resolve("reference.db"), T0)) {
            stream.forEach(s -> oneByOne.model.accept(s, Ambient.SYNCED));
            assertThat(oneByOne.recorder.readings()).as("the pour gives readings").hasSizeGreaterThan(1);
            assertThat(scale.recorder.readings()).isEqualTo(oneByOne.recorder.readings());
            assertThat(scale.recorder.events()).isEqualTo(oneByOne.recorder.events());
            assertThat(scale.recorder.atOnce()).isEqualTo(oneByOne.recorder.atOnce());
        }
    }

    @Test
    void while_the_keg_stands_still_it_waits_the_quiet_burst_and_while_the_weight_moves_the_short_one() {
        // given a quiet burst of 4 s beside the short one of 1 s
        quietBurst = Duration.ofSeconds(4);
        List<RawSample> stream = startedAndWaiting();

        // when the pour's samples come a burst at a time, and a model fed one by one says where the keg is after each
        List<KegState> after = new ArrayList<>();
        try (ScaleModelStart reference = new ScaleModelStart(dir.resolve("reference.db"), T0)) {
            reference.model.accept(stream.get(0), Ambient.SYNCED);
            after.add(reference.model.state());
            for (int next = 1; next < stream.size(); next += PER_BURST) {
                List<RawSample> burst = stream.subList(next, Math.min(next + PER_BURST, stream.size()));
                cell.offer(burst);
                burst.forEach(s -> reference.model.accept(s, Ambient.SYNCED));
                after.add(reference.model.state());
                wait.elapse();
                awaitWaiting(after.size());
            }
        }

        // then each wait is the quiet burst after a burst that left the keg standing still, else the short one
        assertThat(after).as("the stream stands, pours and settles").contains(KegState.STABLE, KegState.POURING);
        List<Long> expected = after.stream()
                .map(s -> (s == KegState.STABLE || s == KegState.KEG_ABSENT ? quietBurst : ScaleLoop.BURST_PERIOD).toNanos())
                .toList();
        assertThat(wait.periods()).isEqualTo(expected);
        assertThat(wait.periods().get(after.indexOf(KegState.POURING)))
                .as("once the weight moves, the next burst comes after the short period").isEqualTo(
                        ScaleLoop.BURST_PERIOD.toNanos());
        assertThat(loop.samples()).isEqualTo(stream.size());
    }

    @Test
    void a_quiet_burst_shorter_than_the_short_one_is_refused_naming_both() {
        assertThatThrownBy(() -> new ScaleLoop(cell, null, () -> Ambient.SYNCED, Duration.ofSeconds(1),
                Duration.ofSeconds(2), Duration.ofSeconds(1), wait))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("quietBurst must be >= burst (PT2S), was PT1S");
    }

    @Test
    void with_a_tap_attached_each_sample_is_processed_as_it_comes_and_none_from_before_is_shown() {
        List<RawSample> stream = startedAndWaiting();
        // given two samples that came during the burst period
        cell.offer(stream.subList(1, 3));

        // when a tap is attached (the live view, a calibration point, a trace)
        List<RawSample> seen = new CopyOnWriteArrayList<>();
        Consumer<RawSample> tap = seen::add;
        loop.addRawTap(tap);
        await().atMost(Duration.ofSeconds(30)).until(() -> loop.samples() == 3);
        for (int i = 3; i <= 5; i++) {
            cell.offer(List.of(stream.get(i)));
            int shown = i - 2;
            await().atMost(Duration.ofSeconds(30)).until(() -> seen.size() == shown);
        }

        // then the two went to the pipeline at once, unseen by the tap (a calibration point must not average
        // what stood on the platform before it was asked for), and each later sample was taken and shown alone,
        // without a burst period passing
        assertThat(seen).containsExactlyElementsOf(stream.subList(3, 6));
        assertThat(cell.drains()).containsExactly(1, 2, 1, 1, 1);
        assertThat(wait.endedByTime()).isZero();
        assertThat(wait.waits()).isEqualTo(1);

        // and once the tap is gone, the thread waits for bursts again after the sample it was waiting for
        loop.removeRawTap(tap);
        cell.offer(List.of(stream.get(6)));
        awaitWaiting(2);
        assertThat(loop.samples()).isEqualTo(7);
        assertThat(seen).hasSize(3);
    }

    @Test
    void a_task_runs_at_once_after_the_samples_already_there_not_a_burst_period_later() throws Exception {
        List<RawSample> stream = startedAndWaiting();
        // given more samples waiting than one drain takes (20 at 10 SPS): a cell that got ahead of the thread
        cell.offer(stream.subList(1, 26));

        // when a task is submitted (a tare, a calibration, a status) while the thread waits for a burst
        CompletableFuture<Long> seenByTask = loop.submit(loop::samples);

        // then it runs without the burst period passing, after all 25 samples that came before it
        assertThat(seenByTask.get(30, TimeUnit.SECONDS)).isEqualTo(26);
        assertThat(wait.endedByTime()).isZero();
        assertThat(cell.drains()).containsExactly(1, 20, 5);
    }

    @Test
    void stop_processes_the_samples_waiting_before_the_thread_ends() throws InterruptedException {
        List<RawSample> stream = startedAndWaiting();
        cell.offer(stream.subList(1, 8));

        // when the agent stops during a burst period, as ScaleAgent does: the flag, then the cell closed
        loop.stop();
        cell.close();
        thread.join(TimeUnit.SECONDS.toMillis(30));

        // then the seven samples that had come were processed, none was lost
        assertThat(thread.isAlive()).isFalse();
        assertThat(loop.samples()).isEqualTo(8);
        assertThat(cell.drains()).containsExactly(1, 7);
        assertThat(wait.endedByTime()).isZero();
    }
}
