package com.scalesense.hal.power;

import com.scalesense.hal.BatteryState;
import com.scalesense.hal.power.SimulatedBatteryGauge.DischargeProfile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class SimulatedBatteryGaugeTest {

    private static final Instant START = Instant.parse("2026-11-22T00:00:00Z");

    private static BatteryState after(Duration elapsed) {
        Clock clock = Clock.fixed(START.plus(elapsed), ZoneOffset.UTC);
        return new SimulatedBatteryGauge(DischargeProfile.twoDays(), clock, START).read();
    }

    @ParameterizedTest(name = "after {0} h: {1} %, {2} V")
    @CsvSource({"0, 100, 4.20", "24, 50, 3.79", "45, 6.25, 3.53", "48, 0, 3.30", "72, 0, 3.30"})
    void discharges_linearly_over_two_days_along_the_resting_voltage_curve(double hours, double percent,
                                                                            double volts) {
        BatteryState state = after(Duration.ofMinutes((long) (hours * 60)));

        assertThat(state.percent()).isCloseTo(percent, within(1e-9));
        assertThat(state.volts()).isCloseTo(volts, within(1e-9));
    }

    @Test
    void reads_as_at_the_start_before_the_start() {
        assertThat(after(Duration.ofHours(-3))).isEqualTo(after(Duration.ZERO));
    }

    @Test
    void voltage_never_rises_as_the_charge_falls() {
        double previous = SimulatedBatteryGauge.restingVolts(0);
        for (int tenths = 1; tenths <= 1000; tenths++) {
            double volts = SimulatedBatteryGauge.restingVolts(tenths / 10.0);
            assertThat(volts).isGreaterThanOrEqualTo(previous);
            previous = volts;
        }
    }

    @Test
    void rejects_a_start_charge_above_100_percent() {
        assertThatThrownBy(() -> new DischargeProfile(120, Duration.ofHours(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("startPercent '120.0'");
    }
}
