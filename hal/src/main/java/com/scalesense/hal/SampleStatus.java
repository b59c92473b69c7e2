package com.scalesense.hal;

/** Why a raw sample can or cannot be used. */
public enum SampleStatus {
    /** A clean conversion. */
    OK,
    /** The value hit 0x7FFFFF or 0x800000: the input is beyond ±20 mV at gain 128, or a wire is off. */
    SATURATED,
    /** A clock-high interval reached 60 µs (the chip powered down mid-read): the bits are garbage. */
    TIMING_VIOLATION,
    /** No conversion became ready in time. */
    NOT_READY,
    /** DOUT stayed high through a chip reset: the chip is absent or unpowered. */
    DISCONNECTED
}
