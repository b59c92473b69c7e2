package com.scalesense.hal.sim;

import com.scalesense.hal.SampleRate;
import com.scalesense.hal.hx711.Hx711Datasheet;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The analog signal of a simulated keg scale: the scenario's true weight turned into HX711 counts
 * with the load cell's sensitivity, zero balance, temperature drift and creep, plus input noise,
 * pour vibration, ringing after a tap shuts or a load is set down or lifted, and isolated spikes.
 *
 * <p>Drives the HX711 chip emulator (as an {@link AdcSignal}) or a {@link SimulatedLoadCell}.
 * Deterministic: the same scenario, specs, rate and seed give the same counts for the same
 * sequence of calls. Calls are expected in increasing time (creep integrates between calls).
 * Not thread-safe.
 */
public final class SimulatedSignal implements AdcSignal {

    private final Scenario scenario;
    private final LoadCellSpec cell;
    private final NoiseSpec noise;
    private final Random random;
    private final double noiseCounts;
    private final double spikeChance;
    private final long[] openFrom;
    private final long[] openUntil;
    private final long[] rings;
    private int pourCursor;
    private int ringCursor;
    private double creepKg;
    private long lastNanos = Long.MIN_VALUE;

    public SimulatedSignal(Scenario scenario, LoadCellSpec cell, NoiseSpec noise, SampleRate rate, Random random) {
        this.scenario = scenario;
        this.cell = cell;
        this.noise = noise;
        this.random = random;
        // nV -> mV -> counts at gain 128.
        this.noiseCounts = noise.noiseNvRms(rate) * 1e-6 * Hx711Datasheet.COUNTS_PER_MV;
        this.spikeChance = noise.spikesPerHour() / (3600.0 * rate.samplesPerSecond());
        List<TruePour> pours = scenario.pours();
        openFrom = pours.stream().mapToLong(TruePour::startNanos).toArray();
        openUntil = pours.stream().mapToLong(TruePour::endNanos).toArray();
        List<Long> ringStarts = new ArrayList<>();
        scenario.periods().forEach(p -> ringStarts.add(p.placedNanos()));
        pours.forEach(p -> ringStarts.add(p.endNanos()));
        scenario.disturbances().stream().filter(d -> d.kind().addsLoad() || d.kind() == Disturbance.Kind.LIFTED)
                .forEach(d -> { // a knock, a thing set down or lifted off, a keg set back all ring
                    ringStarts.add(d.startNanos());
                    ringStarts.add(d.endNanos());
                });
        rings = ringStarts.stream().mapToLong(Long::longValue).sorted().toArray();
    }

    @Override
    public double countsAt(long nanos) {
        if (nanos < lastNanos) {
            pourCursor = 0;
            ringCursor = 0;
        }
        double dT = scenario.temperature().celsiusAt(nanos) - scenario.temperature().meanC();
        double load = cell.deadLoadKg() + scenario.grossKgAt(nanos);
        updateCreep(load, nanos);
        double kgOnCell = load + creepKg + mechanicalKg(nanos);
        double fullScaleCounts = cell.fullScaleMv() * Hx711Datasheet.COUNTS_PER_MV;
        double counts = cell.zeroCounts() + cell.zeroTcPerC() * fullScaleCounts * dT
                + cell.countsPerKg() * kgOnCell * (1 + cell.spanTcPerC() * dT)
                + noiseCounts * random.nextGaussian();
        if (spikeChance > 0 && random.nextDouble() < spikeChance) {
            counts = spike(counts);
        }
        return counts;
    }

    /** Creep moves toward a fraction of the present load with a first-order lag. */
    private void updateCreep(double load, long nanos) {
        if (lastNanos != Long.MIN_VALUE && nanos > lastNanos) {
            double dt = (nanos - lastNanos) / 1e9;
            double target = cell.creepFraction() * load;
            creepKg += (target - creepKg) * (1 - Math.exp(-dt / cell.creepTauS()));
        }
        lastNanos = nanos;
    }

    /** Vibration while a tap is open, and a decaying ring after a tap shuts or a keg is set down. */
    private double mechanicalKg(long nanos) {
        while (pourCursor < openUntil.length && openUntil[pourCursor] <= nanos) {
            pourCursor++;
        }
        double kg = 0;
        if (pourCursor < openFrom.length && openFrom[pourCursor] <= nanos && noise.pourVibrationKg() > 0) {
            kg += noise.pourVibrationKg() * random.nextGaussian();
        }
        while (ringCursor + 1 < rings.length && rings[ringCursor + 1] <= nanos) {
            ringCursor++;
        }
        if (rings.length > 0 && rings[ringCursor] <= nanos) {
            double s = (nanos - rings[ringCursor]) / 1e9;
            kg += noise.tapRingKg() * Math.exp(-s / noise.tapRingTauS()) * Math.sin(2 * Math.PI * noise.tapRingHz() * s);
        }
        return kg;
    }

    /**
     * Half the spikes are the HX711's known read glitch, a value of 2^n−1 (a bit slip fills the low
     * bits with ones); the other half a short knock of up to ±20 kg.
     */
    private double spike(double counts) {
        if (random.nextBoolean()) {
            int n = 12 + random.nextInt(11); // 2^12-1 .. 2^22-1: below saturation, so status stays OK
            return (1 << n) - 1;
        }
        return counts + (random.nextDouble() * 40 - 20) * cell.countsPerKg();
    }
}
