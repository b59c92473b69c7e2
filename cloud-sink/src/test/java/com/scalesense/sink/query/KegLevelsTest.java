package com.scalesense.sink.query;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class KegLevelsTest {

    private static final Instant FROM = Instant.parse("2026-11-20T00:00:00Z");

    @Test
    void returns_the_readings_themselves_up_to_the_point_limit_skipping_those_without_a_level() {
        List<ReadingPoint> readings = minutes(KegLevels.MAX_POINTS);
        readings.add(new ReadingPoint(FROM.plusSeconds(30), "SCALE-0042", null, null, 80.0));

        KegLevels levels = KegLevels.of("keg-20261120-abcd", FROM, FROM.plus(Duration.ofDays(1)), readings);

        assertThat(levels.binSecs()).isZero();
        assertThat(levels.points()).hasSize(KegLevels.MAX_POINTS);
        assertThat(levels.points().get(1).start()).isEqualTo(FROM.plusSeconds(60));
        assertThat(levels.points().get(1).average()).isEqualTo(99.0);
    }

    @Test
    void averages_a_longer_series_into_whole_second_bins_that_keep_it_within_the_limit() {
        // a week at one reading a minute: 10 080 readings
        Instant to = FROM.plus(Duration.ofDays(7));

        KegLevels levels = KegLevels.of("keg-20261120-abcd", FROM, to, minutes(7 * 24 * 60));

        assertThat(levels.binSecs()).isEqualTo(606);
        assertThat(levels.points()).hasSizeLessThanOrEqualTo(KegLevels.MAX_POINTS);
        assertThat(levels.points().get(0).start()).isBeforeOrEqualTo(FROM);
        assertThat(levels.points().get(levels.points().size() - 1).start()).isBefore(to);
    }

    /** One reading a minute from FROM, level falling 1 % a minute from 100 (floored at 0). */
    private static List<ReadingPoint> minutes(int n) {
        List<ReadingPoint> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(new ReadingPoint(FROM.plusSeconds(60L * i), "SCALE-0042", Math.max(0.0, 100.0 - i), null, 80.0));
        }
        return out;
    }
}
