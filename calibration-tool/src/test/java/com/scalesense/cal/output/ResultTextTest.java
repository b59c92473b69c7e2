package com.scalesense.cal.output;

import static org.assertj.core.api.Assertions.assertThat;

import com.scalesense.control.Replies;
import java.util.List;
import org.junit.jupiter.api.Test;

class ResultTextTest {

    /** 2026-11-01T00:00:00Z, 3 points, 1 000 counts per kg from a zero of 150 000 counts. */
    private static final Replies.CalibrationInfo FIT = new Replies.CalibrationInfo(1_793_491_200_000L, 90_061L,
            "verified", 0.004, 3, 1_000.0, 150_000.0);

    @Test
    void calibration_line_names_quality_points_residual_age_and_time() {
        assertThat(ResultText.calibration(FIT)).isEqualTo("verified, 3 point(s), worst residual 0.004 kg, 1d 01h old "
                + "(2026-11-01T00:00:00Z), 1000 counts/kg, zero 150000 counts");
    }

    @Test
    void a_scale_without_calibration_says_it_must_be_calibrated() {
        Replies.CalibrationInfo none = new Replies.CalibrationInfo(null, null, null, null, 0, null, null);

        assertThat(ResultText.calibration(none)).startsWith("NONE").contains("scale-cal calibrate");
    }

    @Test
    void session_shows_each_points_residual_against_the_fitted_line() {
        // 20 kg read as 170 010 counts: the line reads 20.010 kg, so the residual is -0.010 kg
        Replies.Session session = new Replies.Session(List.of(new Replies.Point(0, 150_000, 19.5, 20),
                new Replies.Point(20, 170_010, 21.0, 20)), FIT);

        List<String> lines = ResultText.session(session);

        assertThat(lines.get(1)).contains("0.000").contains("150000").contains("0.000 kg");
        assertThat(lines.get(2)).contains("20.000").contains("170010").contains("-0.010 kg");
        assertThat(lines.get(3)).startsWith("fit: verified");
    }

    @Test
    void session_before_the_fit_shows_no_residuals() {
        Replies.Session session = new Replies.Session(List.of(new Replies.Point(0, 150_000, 19.5, 20)), null);

        assertThat(ResultText.session(session)).hasSize(2).last().asString().endsWith("-");
    }

    @Test
    void history_marks_the_newest_entry_as_in_use() {
        List<String> lines = ResultText.history(new Replies.History(List.of(FIT, FIT)));

        assertThat(lines).hasSize(3);
        assertThat(lines.get(1)).doesNotContain("in use");
        assertThat(lines.get(2)).endsWith("<- in use");
    }

    @Test
    void selftest_prints_pass_or_fail_per_check_and_a_verdict() {
        Replies.Selftest failed = new Replies.Selftest(false, List.of(new Replies.Check("chip_ready", true, "20 valid"),
                new Replies.Check("not_saturated", false, "20 saturated")));

        assertThat(ResultText.selftest(failed)).containsExactly("PASS chip_ready     20 valid",
                "FAIL not_saturated  20 saturated", "selftest FAILED");
    }

    @Test
    void keg_line_gives_tare_weights_in_lbs_and_the_live_state() {
        Replies.Keg keg = new Replies.Keg("keg-20261122-a7x2", "guinness-draught", "half_barrel", 1.014, "empty_set",
                29.0, null, "stable");

        assertThat(ResultText.keg(keg)).isEqualTo("keg-20261122-a7x2 half_barrel, beer guinness-draught, sg 1.014, "
                + "tare empty_set (empty 29.0 lbs, full -), stable");
    }

    @Test
    void a_keg_the_agent_noticed_but_nobody_assigned_says_so_instead_of_null() {
        Replies.Keg keg = new Replies.Keg(null, null, "half_barrel", 1.0, "pending", null, null, "keg_absent");

        assertThat(ResultText.keg(keg)).startsWith("(keg not assigned) half_barrel, beer unknown")
                .doesNotContain("null");
    }
}
