package com.scalesense.agent.pipeline;

import com.scalesense.agent.pipeline.detect.Phase;
import com.scalesense.agent.pipeline.detect.PourRate;
import com.scalesense.agent.pipeline.keg.KegLevel;
import com.scalesense.agent.pipeline.keg.KegProfile;
import com.scalesense.hal.BatteryState;
import com.scalesense.hal.RawSample;
import com.scalesense.protocol.KegState;
import com.scalesense.protocol.PhysicalRange;
import com.scalesense.protocol.PhysicalRanges;
import com.scalesense.protocol.Reading;
import com.scalesense.protocol.SensorStatus;

import java.util.Map;

/**
 * Builds the wire {@link Reading} from the pipeline's state. A sensor in error, an empty
 * platform or a keg whose weight is not known yet gives no level, gallons or pints (null), never
 * a made-up number; a disturbed keg keeps its own weight's level. The weight is never
 * below 0: what a scale reads under zero is the zero's noise, and the protocol refuses it.
 * A nullable number outside its {@link PhysicalRanges} range (a battery, a temperature, a rate or
 * an estimate the protocol would refuse) is sent as null: no value rather than a reading the
 * agent's own outbox refuses, which would lose the level with it.
 */
final class ReadingAssembler {

    private final PipelineConfig config;

    ReadingAssembler(PipelineConfig config) {
        this.config = config;
    }

    KegState state(boolean faulted, Phase phase, boolean disturbed, boolean swapJustHappened) {
        if (faulted) {
            return KegState.INVALID;
        }
        if (swapJustHappened) {
            return KegState.KEG_REPLACED;
        }
        if (disturbed) {
            return KegState.DISTURBED;
        }
        return switch (phase) {
            case UNKNOWN, SETTLING -> KegState.SETTLING;
            case STABLE -> KegState.STABLE;
            case POURING -> KegState.POURING;
            case ABSENT -> KegState.KEG_ABSENT;
        };
    }

    /**
     * @param grossKg what is on the platform, kg (weight_lbs)
     * @param kegKg   the keg's own weight, kg: less any load resting on it, held through a disturbance;
     *                NaN when no level can be trusted (start-up, no keg), which gives no level, never 0 %
     */
    Reading reading(RawSample sample, Ambient ambient, KegProfile keg, KegState state, double grossKg, double kegKg,
                    PourRate rate) {
        BatteryState battery = ambient.battery();
        Double batteryV = battery == null ? null : inRange(PhysicalRanges.BATTERY_V, battery.volts());
        Double batteryPct = battery == null ? null : inRange(PhysicalRanges.BATTERY_PCT, battery.percent());
        Double temperatureC = inRange(PhysicalRanges.TEMPERATURE_C, ambient.temperatureC());
        boolean faulted = state == KegState.INVALID;
        Map<String, SensorStatus> status = Map.of("hx711", faulted ? SensorStatus.ERROR : SensorStatus.OK);
        double gallonsPerHour = rate.gallonsPerHour(sample.monotonicNanos() / 1_000_000);
        Double gph = inRange(PhysicalRanges.POUR_RATE_GPH, gallonsPerHour);
        if (faulted || Double.isNaN(grossKg)) {
            return new Reading(sample.wallMillis(), null, null, null, null, gph, null, batteryV, batteryPct,
                    temperatureC, status, ambient.clockSynced(), state, keg.tare().status());
        }
        // in every state, not only keg_absent: a keg lifted while settling reads a few grams under zero
        double kg = Math.max(0, grossKg);
        if (state == KegState.KEG_ABSENT || Double.isNaN(kegKg)) {
            return new Reading(sample.wallMillis(), null, null, weightLbs(kg), null, gph, null, batteryV,
                    batteryPct, temperatureC, status, ambient.clockSynced(), state, keg.tare().status());
        }
        KegLevel level = keg.levelAt(kegKg, config.servingOz());
        Double hours = gph == null ? null
                : inRange(PhysicalRanges.HOURS_REMAINING, PourRate.hoursRemaining(level.gallons(), gph));
        return new Reading(sample.wallMillis(), level.levelPct(), level.gallons(), weightLbs(kg),
                level.pintsLeft(), gph, hours, batteryV, batteryPct,
                temperatureC, status, ambient.clockSynced(), state, keg.tare().status());
    }

    /**
     * Gross weight in lbs. The pipeline drops samples heavier than the platform's limit, so this
     * only absorbs the last bit of rounding of averaging samples at the limit.
     */
    static double weightLbs(double kg) {
        return Math.min(Units.kgToLbs(kg), PhysicalRanges.MAX_PLATFORM_LBS);
    }

    /** {@code value} when {@code range} holds it, else null: no value rather than one the protocol refuses. */
    static Double inRange(PhysicalRange range, Double value) {
        return value == null || range.contains(value) ? value : null;
    }
}
