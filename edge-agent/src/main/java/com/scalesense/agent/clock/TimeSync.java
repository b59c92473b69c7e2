package com.scalesense.agent.clock;

/**
 * Whether the wall clock has been synchronised since boot. A Raspberry Pi has no RTC: until
 * NTP answers, the wall clock shows the last saved time (fake-hwclock) or 1970.
 */
public interface TimeSync {

    /** True once the wall clock is known to be right; stays true for the rest of the boot. */
    boolean isSynchronized();
}
