package com.scalesense.hal.hx711.internal;

import com.scalesense.hal.RawSample;
import com.scalesense.hal.SampleStatus;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SampleRingTest {

    @Test
    void keeps_samples_in_order_with_their_times_and_status() throws InterruptedException {
        SampleRing ring = new SampleRing(4);
        ring.put(7, 100, 1_000, SampleStatus.OK);
        ring.put(0, 200, 2_000, SampleStatus.TIMING_VIOLATION);

        assertThat(ring.take(0)).isEqualTo(new RawSample(7, 100, 1_000, SampleStatus.OK));
        assertThat(ring.take(0)).isEqualTo(new RawSample(0, 200, 2_000, SampleStatus.TIMING_VIOLATION));
    }

    @Test
    void drops_the_oldest_when_full_and_counts_each_drop() throws InterruptedException {
        SampleRing ring = new SampleRing(3);
        for (int value = 1; value <= 5; value++) {
            ring.put(value, value, value, SampleStatus.OK);
        }

        assertThat(ring.dropped()).isEqualTo(2);
        assertThat(ring.size()).isEqualTo(3);
        assertThat(ring.take(0).value()).isEqualTo(3);
        assertThat(ring.take(0).value()).isEqualTo(4);
        assertThat(ring.take(0).value()).isEqualTo(5);
    }

    @Test
    void returns_nothing_when_no_sample_arrives_in_time() throws InterruptedException {
        SampleRing ring = new SampleRing(2);

        assertThat(ring.take(1_000_000)).isNull();
    }

    @Test
    void a_closed_ring_still_hands_out_what_it_holds_then_nothing() throws InterruptedException {
        SampleRing ring = new SampleRing(2);
        ring.put(9, 1, 1, SampleStatus.SATURATED);
        ring.close();

        assertThat(ring.take(Long.MAX_VALUE).value()).isEqualTo(9);
        assertThat(ring.take(Long.MAX_VALUE)).as("closed and empty: no wait").isNull();
    }

    @Test
    void drain_takes_the_waiting_samples_oldest_first_no_more_than_asked() throws InterruptedException {
        SampleRing ring = new SampleRing(8);
        for (int value = 1; value <= 5; value++) {
            ring.put(value, value * 100L, value * 1_000L, SampleStatus.OK);
        }
        List<RawSample> into = new ArrayList<>();

        assertThat(ring.drainTo(into, 3, 0)).isEqualTo(3);
        assertThat(ring.drainTo(into, 10, 0)).isEqualTo(2);
        assertThat(into).extracting(RawSample::value).containsExactly(1, 2, 3, 4, 5);
        assertThat(into.get(4)).isEqualTo(new RawSample(5, 500, 5_000, SampleStatus.OK));
        assertThat(ring.drainTo(into, 10, 1_000_000)).as("none came in time").isZero();
    }

    @Test
    void drain_of_a_closed_ring_hands_out_what_it_holds_then_nothing_without_waiting() throws InterruptedException {
        SampleRing ring = new SampleRing(4);
        ring.put(1, 1, 1, SampleStatus.OK);
        ring.put(2, 2, 2, SampleStatus.OK);
        ring.close();
        List<RawSample> into = new ArrayList<>();

        assertThat(ring.drainTo(into, 10, Long.MAX_VALUE)).isEqualTo(2);
        assertThat(ring.drainTo(into, 10, Long.MAX_VALUE)).isZero();
    }
}
