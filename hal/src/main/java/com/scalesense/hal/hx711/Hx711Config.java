package com.scalesense.hal.hx711;

import com.scalesense.hal.SampleRate;

/**
 * How one HX711 is wired and sampled. Validated on construction; a bad value throws
 * {@link InvalidHx711ConfigException} naming the field.
 *
 * @param doutPin             BCM GPIO number of the Pi pin wired to DOUT (0..27)
 * @param sckPin              BCM GPIO number of the Pi pin wired to PD_SCK (0..27, not {@code doutPin})
 * @param rate                the rate the RATE pin is strapped to; the driver cannot change it
 * @param gain                channel and gain to sample
 * @param bufferCapacity      samples the ring buffer holds before the oldest is dropped (2..65536)
 * @param readyTimeoutPeriods conversion periods to wait for DOUT low before resetting the chip (2..100)
 */
public record Hx711Config(int doutPin, int sckPin, SampleRate rate, Gain gain, int bufferCapacity,
                          int readyTimeoutPeriods) {

    /** Highest BCM GPIO on the Raspberry Pi 40-pin header. */
    public static final int MAX_BCM_PIN = 27;
    /** Default ring size: 12.8 s at 80 SPS, enough to ride out a stalled consumer. */
    public static final int DEFAULT_BUFFER_CAPACITY = 1024;
    /** Default ready timeout: four periods, the settling time (datasheet p.3), before a reset. */
    public static final int DEFAULT_READY_TIMEOUT_PERIODS = Hx711Datasheet.SETTLING_PERIODS;

    public Hx711Config {
        requirePin("doutPin", doutPin);
        requirePin("sckPin", sckPin);
        if (sckPin == doutPin) {
            throw new InvalidHx711ConfigException("sckPin", sckPin, "must differ from doutPin");
        }
        if (rate == null) {
            throw new InvalidHx711ConfigException("rate", null, "must not be null (SPS_10 or SPS_80)");
        }
        if (gain == null) {
            throw new InvalidHx711ConfigException("gain", null, "must not be null (A_128, B_32 or A_64)");
        }
        if (bufferCapacity < 2 || bufferCapacity > 65_536) {
            throw new InvalidHx711ConfigException("bufferCapacity", bufferCapacity, "must be in 2..65536");
        }
        if (readyTimeoutPeriods < 2 || readyTimeoutPeriods > 100) {
            throw new InvalidHx711ConfigException("readyTimeoutPeriods", readyTimeoutPeriods, "must be in 2..100");
        }
    }

    /** Channel A at gain 128 with the default buffer and timeout. */
    public static Hx711Config of(int doutPin, int sckPin, SampleRate rate) {
        return new Hx711Config(doutPin, sckPin, rate, Gain.A_128, DEFAULT_BUFFER_CAPACITY,
                DEFAULT_READY_TIMEOUT_PERIODS);
    }

    public Hx711Config withGain(Gain newGain) {
        return new Hx711Config(doutPin, sckPin, rate, newGain, bufferCapacity, readyTimeoutPeriods);
    }

    public Hx711Config withBufferCapacity(int capacity) {
        return new Hx711Config(doutPin, sckPin, rate, gain, capacity, readyTimeoutPeriods);
    }

    /** Pi4J id of the DOUT input, e.g. {@code hx711-dout-5}. */
    public String doutId() {
        return "hx711-dout-" + doutPin;
    }

    /** Pi4J id of the PD_SCK output, e.g. {@code hx711-sck-6}. */
    public String sckId() {
        return "hx711-sck-" + sckPin;
    }

    /** Time to wait for DOUT low before resetting the chip, nanoseconds. */
    public long readyTimeoutNanos() {
        return readyTimeoutPeriods * rate.periodNanos();
    }

    private static void requirePin(String field, int pin) {
        if (pin < 0 || pin > MAX_BCM_PIN) {
            throw new InvalidHx711ConfigException(field, pin, "must be a BCM GPIO number in 0.." + MAX_BCM_PIN);
        }
    }
}
