package com.scalesense.agent.pipeline.calibration;

import com.scalesense.agent.pipeline.PipelineException;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assertions.within;

class CalibrationFitTest {

    // A cell giving 18035.5 counts/kg (2 mV/V, 4.3 V, 200 kg, gain 128) over a 90 000-count zero.
    static final double OFFSET = 90_000;
    static final double SCALE = 18_035.5;
    static final CalibrationFit FIT = new CalibrationFit(0.05);

    static CalibrationPoint at(double kg) {
        return new CalibrationPoint(kg, OFFSET + SCALE * kg, null);
    }

    @Test
    void exact_points_give_back_offset_and_scale_with_zero_residual() {
        Calibration cal = FIT.fit(List.of(at(0), at(20), at(50)), 1_000L);

        assertThat(cal.offsetCounts()).isCloseTo(OFFSET, within(1e-6));
        assertThat(cal.countsPerKg()).isCloseTo(SCALE, within(1e-9));
        assertThat(cal.residualKg()).isCloseTo(0, within(1e-9));
        assertThat(cal.quality()).isEqualTo(CalibrationQuality.VERIFIED);
        assertThat(cal.calibratedAtMs()).isEqualTo(1_000L);
        assertThat(cal.toKg(OFFSET + SCALE * 73.25, null)).isCloseTo(73.25, within(1e-9));
    }

    @Test
    void two_loads_fit_exactly_but_are_unverified() {
        Calibration cal = FIT.fit(List.of(at(0), at(20)), 1L);

        assertThat(cal.quality()).isEqualTo(CalibrationQuality.UNVERIFIED);
    }

    @Test
    void least_squares_spreads_small_errors_and_reports_the_worst_residual() {
        // 50 kg point reads 0.02 kg heavy: line fits within limit, worst residual stays below 0.02 kg
        CalibrationPoint heavy = new CalibrationPoint(50, OFFSET + SCALE * 50.02, null);

        Calibration cal = FIT.fit(List.of(at(0), at(20), heavy), 1L);

        assertThat(cal.residualKg()).isGreaterThan(0).isLessThan(0.02);
        assertThat(cal.quality()).isEqualTo(CalibrationQuality.VERIFIED);
    }

    @Test
    void refuses_a_fit_with_a_bad_point_and_names_it_with_its_residual() {
        // given the 20 kg weight was read while someone leaned on the platform (+0.5 kg)
        CalibrationPoint leanedOn = new CalibrationPoint(20, OFFSET + SCALE * 20.5, null);
        List<CalibrationPoint> points = List.of(at(0), leanedOn, at(50), at(100));

        // when
        CalibrationRejectedException e = catchThrowableOfType(CalibrationRejectedException.class,
                () -> FIT.fit(points, 1L));

        // then
        assertThat(e.pointIndex()).isEqualTo(1);
        assertThat(e.field()).isEqualTo("points[1]");
        assertThat(e.residualKg()).isGreaterThan(0.05);
        assertThat(e.residualsKg()).hasSize(4);
        assertThat(e.getMessage()).contains("20.000 kg").contains("within 0.05 kg");
    }

    @Test
    void refuses_points_that_do_not_span_two_weights() {
        assertThatThrownBy(() -> FIT.fit(List.of(at(20), at(20)), 1L))
                .isInstanceOf(CalibrationRejectedException.class)
                .hasMessageContaining("two different known weights");
    }

    @Test
    void refuses_a_cell_whose_counts_do_not_change_with_load() {
        List<CalibrationPoint> flat = List.of(new CalibrationPoint(0, 5, null), new CalibrationPoint(50, 5.5, null));

        assertThatThrownBy(() -> FIT.fit(flat, 1L))
                .isInstanceOf(CalibrationRejectedException.class)
                .hasMessageContaining("is the cell wired?");
    }

    @Test
    void temperature_compensation_removes_zero_drift() {
        // zero drifts +80 counts/°C (4.4 g/°C); calibrated at 4 °C, read at 7 °C
        Calibration cal = FIT.fit(List.of(at(0), at(50)), 1L).withTemperatureCompensation(80, 4);
        double countsAt7C = OFFSET + SCALE * 30 + 80 * 3;

        assertThat(cal.toKg(countsAt7C, 7.0)).isCloseTo(30, within(1e-9));
        assertThat(cal.toKg(countsAt7C, null)).isCloseTo(30 + 240 / SCALE, within(1e-9));
    }

    @Test
    void temperature_fit_finds_the_slope_of_counts_against_degrees() {
        List<CalibrationPoint> empty = List.of(new CalibrationPoint(0, 1000, 2.0),
                new CalibrationPoint(0, 1160, 4.0), new CalibrationPoint(0, 1320, 6.0));

        assertThat(TemperatureFit.zeroDriftCountsPerC(empty, 2)).isCloseTo(80, within(1e-9));
        assertThatThrownBy(() -> TemperatureFit.zeroDriftCountsPerC(empty, 10))
                .isInstanceOf(PipelineException.class).hasMessageContaining("temp_span_c");
    }

    @Test
    void history_keeps_old_calibrations_and_refuses_to_go_back_in_time() {
        Calibration first = FIT.fit(List.of(at(0), at(20), at(50)), 1_000L);
        Calibration second = FIT.fit(List.of(at(0), at(50), at(100)), 2_000L);

        CalibrationHistory history = CalibrationHistory.empty(2).with(first).with(second);

        assertThat(history.current()).contains(second);
        assertThat(history.entries()).containsExactly(first, second);
        assertThatThrownBy(() -> history.with(first)).hasMessageContaining("calibrated_at = 1000");
        assertThat(history.with(FIT.fit(List.of(at(0), at(20)), 3_000L)).entries()).hasSize(2).doesNotContain(first);
    }
}
