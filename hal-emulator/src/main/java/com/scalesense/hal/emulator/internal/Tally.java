package com.scalesense.hal.emulator.internal;

import com.scalesense.hal.emulator.ChipCounters;

/** The chip model's running counts; mutated only under the model's lock. */
final class Tally {

    long conversions;
    long reads;
    long unread;
    long overruns;
    long powerDowns;
    long serialErrors;
    long strayPulses;

    ChipCounters snapshot() {
        return new ChipCounters(conversions, reads, unread, overruns, powerDowns, serialErrors, strayPulses);
    }
}
