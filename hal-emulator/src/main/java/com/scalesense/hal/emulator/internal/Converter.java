package com.scalesense.hal.emulator.internal;

import com.scalesense.hal.sim.AdcSignal;

import java.util.ArrayDeque;
import java.util.Random;

/**
 * The analog side of the emulated chip: turns the input signal into 24-bit codes at the selected
 * gain, clipped to the output range, models settling after an input change, and applies the
 * injected faults. Guarded by the owning {@link ChipModel}'s lock.
 */
final class Converter {

    /** Largest code: the output saturates here (datasheet p.4, 7FFFFFh). */
    static final int MAX_CODE = 0x7FFFFF;
    /** Smallest code: the output saturates here (datasheet p.4, 800000h). */
    static final int MIN_CODE = -0x800000;
    /** Conversions after an input change until the output is settled (p.3: 4 periods). */
    private static final int SETTLING_CONVERSIONS = 4;

    private final AdcSignal channelA;
    private final AdcSignal channelB;
    private final Random garbage;
    private final ArrayDeque<Integer> injected = new ArrayDeque<>();
    private Double overdrive;
    private InputSelection selection = InputSelection.A_128;
    private int settlingStep;
    private int settlingFrom;
    private int lastValue;
    private boolean garbageNext;

    Converter(AdcSignal channelA, AdcSignal channelB, long seed) {
        this.channelA = channelA;
        this.channelB = channelB;
        this.garbage = new Random(seed);
    }

    /** Power-on reset: channel A, gain 128, output history cleared (p.5). */
    void reset() {
        selection = InputSelection.A_128;
        settlingStep = 0;
        lastValue = 0;
        garbageNext = false;
    }

    /** A read chose {@code next}; if it differs, the next conversions settle towards it. */
    void select(InputSelection next) {
        if (next != selection) {
            selection = next;
            settlingFrom = lastValue;
            settlingStep = 1;
        }
    }

    /** A serial error: the next conversion is garbage and the input falls back to A/128. */
    void serialError() {
        select(InputSelection.A_128);
        garbageNext = true;
    }

    /** Converts the input at {@code nanos} on the conversion clock; returns a signed 24-bit value. */
    int convert(long nanos) {
        int value;
        if (garbageNext) {
            garbageNext = false;
            value = (garbage.nextInt() << 8) >> 8;
        } else if (!injected.isEmpty()) {
            value = injected.poll();
        } else {
            value = settle(clip(input(nanos) * selection.scale()));
        }
        lastValue = value;
        return value;
    }

    void inject(int value) {
        injected.add(value);
    }

    void overdrive(Double counts) {
        overdrive = counts;
    }

    InputSelection selection() {
        return selection;
    }

    private double input(long nanos) {
        if (overdrive != null) {
            return overdrive;
        }
        return selection.channelB() ? channelB.countsAt(nanos) : channelA.countsAt(nanos);
    }

    /** A linear step response over four conversions: 1/4, 2/4, 3/4, then the new value. */
    private int settle(int target) {
        if (settlingStep == 0) {
            return target;
        }
        int value = settlingFrom + (int) ((long) (target - settlingFrom) * settlingStep / SETTLING_CONVERSIONS);
        settlingStep = settlingStep + 1 == SETTLING_CONVERSIONS ? 0 : settlingStep + 1;
        return value;
    }

    static int clip(double counts) {
        if (Double.isNaN(counts)) {
            return 0;
        }
        return (int) Math.max(MIN_CODE, Math.min(MAX_CODE, Math.round(counts)));
    }
}
