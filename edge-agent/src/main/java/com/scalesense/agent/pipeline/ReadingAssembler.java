package com.scalesense.agent.pipeline;

import com.scalesense.agent.pipeline.detect.Phase;
import com.scalesense.agent.pipeline.detect.PourRate;
import com.scalesense.agent.pipeline.keg.KegLevel;
import com.scalesense.agent.pipeline.keg.KegProfile;
import com.scalesense.hal.BatteryState;
import com.scalesense.hal.RawSample;
import com.scalesense.protocol.KegState;
import com.scalesense.protocol.Reading;
import com.scalesense.protocol.SensorStatus;

import java.util.Map;

/**
 * Builds the wire {@link Reading} from the pipeline's state. A sensor in error, an empty
 * platform or a keg whose weight is not known yet gives no level, gallons or pints (null), never
 * a made-up number; a disturbed keg keeps its own weight's level. The weight is never
 * below 0: what a scale reads under zero is the zero's noise, and the protocol refuses it.
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
        Double batteryV = battery == null ? null : battery.volts();
        Double batteryPct = battery == null ? null : battery.percent();
        boolean faulted = state == KegState.INVALID;
        Map<String, SensorStatus> status = Map.of("hx711", faulted ? SensorStatus.ERROR : SensorStatus.OK);
        double gph = rate.gallonsPerHour(sample.monotonicNanos() / 1_000_000);
        if (faulted || Double.isNaN(grossKg)) {
            return new Reading(sample.wallMillis(), null, null, null, null, gph, null, batteryV, batteryPct,
                    ambient.temperatureC(), status, ambient.clockSynced(), state, keg.tare().status());
        }
        // in every state, not only keg_absent: a keg lifted while settling reads a few grams under zero
        double kg = Math.max(0, grossKg);
        if (state == KegState.KEG_ABSENT || Double.isNaN(kegKg)) {
            return new Reading(sample.wallMillis(), null, null, Units.kgToLbs(kg), null, gph, null, batteryV,
                    batteryPct, ambient.temperatureC(), status, ambient.clockSynced(), state, keg.tare().status());
        }
        KegLevel level = keg.levelAt(kegKg, config.servingOz());
        return new Reading(sample.wallMillis(), level.levelPct(), level.gallons(), Units.kgToLbs(kg),
                level.pintsLeft(), gph, PourRate.hoursRemaining(level.gallons(), gph), batteryV, batteryPct,
                ambient.temperatureC(), status, ambient.clockSynced(), state, keg.tare().status());
    }
}
