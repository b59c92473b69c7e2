package com.scalesense.sink.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Seed 000's analytics formulas against values worked out by hand in each comment. */
class AnalyticsFormulasTest {

    private static final Instant T0 = Instant.parse("2026-11-20T18:00:00Z");

    private static ReadingPoint gallons(Instant at, double g) {
        return new ReadingPoint(at, "SCALE-0001", null, g, null);
    }

    @Test
    void pour_rate_is_gallons_spent_over_the_window_and_hours_remaining_is_min_over_rate() {
        // given 12.0 → 9.0 gal in a 6 h window: (12 - 9) / 6 = 0.5 gal/h; 9 / 0.5 = 18 h left
        List<ReadingPoint> window = List.of(gallons(T0, 12.0), gallons(T0.plusSeconds(3600), 10.5),
                gallons(T0.plusSeconds(7200), 9.0));

        KegDrainRate rate = KegDrainRate.of(6, window);

        assertThat(rate.gallonsPerHour()).isCloseTo(0.5, within(1e-12));
        assertThat(rate.hoursRemaining()).hasValue(18.0);
    }

    @Test
    void hours_remaining_is_unknown_when_nothing_was_poured() {
        // given a keg standing still: rate 0, and the seed's MIN / 0 has no answer
        KegDrainRate rate = KegDrainRate.of(6, List.of(gallons(T0, 7.0), gallons(T0.plusSeconds(60), 7.0)));

        assertThat(rate.gallonsPerHour()).isZero();
        assertThat(rate.hoursRemaining()).isEmpty();
    }

    @Test
    void pour_rate_skips_readings_whose_sensor_was_in_error() {
        // given a null gallons (sensor error) between 8 and 5: (8 - 5) / 3 = 1 gal/h, 5 h left
        List<ReadingPoint> window = List.of(gallons(T0, 8.0), new ReadingPoint(T0.plusSeconds(60), "SCALE-0001",
                null, null, 50.0), gallons(T0.plusSeconds(120), 5.0));

        KegDrainRate rate = KegDrainRate.of(3, window);

        assertThat(rate.gallonsPerHour()).isEqualTo(1.0);
        assertThat(rate.hoursRemaining()).hasValue(5.0);
    }

    @Test
    void level_history_averages_each_bin_aligned_to_the_epoch() {
        // given 6 h range → 5 min bins; 18:01 and 18:04 share the 18:00 bin: (80 + 70) / 2 = 75
        Instant now = T0.plus(Duration.ofHours(1));
        List<ReadingPoint> points = List.of(
                new ReadingPoint(T0.plusSeconds(60), "SCALE-0001", 80.0, null, 90.0),
                new ReadingPoint(T0.plusSeconds(240), "SCALE-0001", 70.0, null, 88.0),
                new ReadingPoint(T0.plusSeconds(360), "SCALE-0001", 60.0, null, null),
                new ReadingPoint(now.minus(Duration.ofHours(7)), "SCALE-0001", 99.0, null, 99.0));

        LevelHistory history = LevelHistory.of(HistoryRange.LAST_6_HOURS, points, now);

        assertThat(history.levels()).containsExactly(
                new LevelHistory.Bin(T0, 75.0), new LevelHistory.Bin(T0.plusSeconds(300), 60.0));
        assertThat(history.batteries()).containsExactly(new LevelHistory.Bin(T0, 89.0));
    }

    @Test
    void keg_lifespan_truncates_to_whole_hours_like_date_diff() {
        // given first reading at 18:00 with 15.5 gal, last at 20:59 with 3.5: 2 h, 12 gal poured
        List<ReadingPoint> readings = List.of(gallons(T0.plusSeconds(3600), 9.0), gallons(T0, 15.5),
                gallons(T0.plusSeconds(3 * 3600 - 60), 3.5));

        KegLifespan life = KegLifespan.of("keg-20261120-a1b2", readings).orElseThrow();

        assertThat(life.tappedAt()).isEqualTo(T0);
        assertThat(life.lastReading()).isEqualTo(T0.plusSeconds(3 * 3600 - 60));
        assertThat(life.totalPouredGallons()).isEqualTo(12.0);
        assertThat(life.lifespanHours()).isEqualTo(2);
    }

    @Test
    void hourly_pours_count_drops_below_the_lowest_level_in_the_bars_local_hour() {
        // given Chicago (UTC-6 in November): 18:00Z = 12:00 local, 19:00Z = 13:00 local.
        // 10.0 → 9.0 at 12:xx (1 gal), noise up to 9.2 and back to 9.0 (nothing), 8.5 at 13:xx (0.5)
        // on one day, and 2 gal at 12:xx on a second day: 12:00 = (1 + 2) / 2 days = 1.5
        Instant day2 = T0.plus(Duration.ofDays(1));
        List<ReadingPoint> keg1 = List.of(gallons(T0, 10.0), gallons(T0.plusSeconds(600), 9.0),
                gallons(T0.plusSeconds(900), 9.2), gallons(T0.plusSeconds(1200), 9.0),
                gallons(T0.plusSeconds(3600), 8.5));
        List<ReadingPoint> keg2 = List.of(gallons(day2, 5.0), gallons(day2.plusSeconds(60), 3.0));

        HourlyPours pours = HourlyPours.of(List.of(keg1, keg2), ZoneId.of("America/Chicago"));

        assertThat(pours.days()).isEqualTo(2);
        assertThat(pours.avgGallonsPoured().get(12)).isCloseTo(1.5, within(1e-12));
        assertThat(pours.avgGallonsPoured().get(13)).isCloseTo(0.25, within(1e-12));
        assertThat(pours.avgGallonsPoured().get(18)).isEqualTo(0.0);
    }

    @Test
    void battery_trend_gives_daily_average_and_minimum_per_device_ordered_by_day_then_device() {
        // given SCALE-0002 at 80 and 70 on day 1 (avg 75, min 70), SCALE-0001 at 60 on day 1, 55 on day 2
        List<ReadingPoint> readings = List.of(
                new ReadingPoint(T0, "SCALE-0002", null, null, 80.0),
                new ReadingPoint(T0.plusSeconds(60), "SCALE-0002", null, null, 70.0),
                new ReadingPoint(T0, "SCALE-0001", null, null, 60.0),
                new ReadingPoint(T0.plus(Duration.ofDays(1)), "SCALE-0001", null, null, 55.0));

        BatteryTrend trend = BatteryTrend.of(readings);

        assertThat(trend.days()).containsExactly(
                new BatteryTrend.Day(java.time.LocalDate.of(2026, 11, 20), "SCALE-0001", 60.0, 60.0),
                new BatteryTrend.Day(java.time.LocalDate.of(2026, 11, 20), "SCALE-0002", 75.0, 70.0),
                new BatteryTrend.Day(java.time.LocalDate.of(2026, 11, 21), "SCALE-0001", 55.0, 55.0));
    }
}
