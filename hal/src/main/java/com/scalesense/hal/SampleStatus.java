package com.scalesense.hal;

/** Why a raw sample can or cannot be used. */
public enum SampleStatus {
    /** A clean conversion. */
    OK,
    /** The value hit 0x7FFFFF or 0x800000: the input is beyond ±20 mV at gain 128, or a wire is off. */
    SATURATED,
    /**
     * A clock-high interval passed 50 µs (T3 max; from 60 µs the chip powers down mid-read) or DOUT was
     * out of sync: the bits, or the next conversion's, are garbage.
     */
    TIMING_VIOLATION,
    /** No conversion became ready in time. */
    NOT_READY,
    /** DOUT stayed high through a chip reset: the chip is absent or unpowered. */
    DISCONNECTED
}
