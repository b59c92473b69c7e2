package com.scalesense.hal.hx711;

import com.pi4j.context.Context;
import com.pi4j.io.gpio.digital.DigitalInput;
import com.pi4j.io.gpio.digital.DigitalOutput;
import com.pi4j.io.gpio.digital.DigitalState;
import com.pi4j.io.gpio.digital.PullResistance;
import com.scalesense.hal.LoadCell;
import com.scalesense.hal.RawSample;
import com.scalesense.hal.SampleRate;
import com.scalesense.hal.SampleStatus;
import com.scalesense.hal.hx711.internal.ConversionReader;
import com.scalesense.hal.hx711.internal.SampleRing;
import com.scalesense.hal.hx711.internal.SamplingLoop;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * An HX711 load-cell ADC on two Pi GPIO pins, read through Pi4J.
 *
 * <p>Guarantees: a sample with status {@link SampleStatus#OK} is a full 24-bit conversion, sign
 * extended, read with every clock-high interval within 50 µs (T3 max) and DOUT back high afterwards, taken
 * after the datasheet's settling time (p.3) since the last power-up, reset or gain change. Every
 * other outcome is reported with its status and value 0 (saturated samples keep the rail value),
 * never as a weight. Samples are kept in a ring of {@link Hx711Config#bufferCapacity()}; when
 * readers fall behind the oldest is dropped and counted.
 *
 * <p>Lifecycle: {@link #create} claims the pins and does nothing else; {@link #start} powers the
 * chip up and starts the sampling thread; {@link #close} stops it, leaves PD_SCK high (chip
 * powered down) and releases the pins. {@link #open} does the first two at once.
 */
public final class Hx711 implements LoadCell {

    private static final long JOIN_MILLIS = 2_000;

    private final Hx711Config config;
    private final Context context;
    private final SampleRing ring;
    private final SamplingLoop loop;
    private final Clock clock;
    private final Hx711Timing time;
    private volatile Thread thread;
    private volatile boolean closed;

    private Hx711(Hx711Config config, Context context, DigitalInput dout, DigitalOutput sck, Clock clock,
                  Hx711Timing time) {
        this.config = config;
        this.context = context;
        this.clock = clock;
        this.time = time;
        this.ring = new SampleRing(config.bufferCapacity());
        this.loop = new SamplingLoop(config, dout, new ConversionReader(dout, sck, time), ring, clock, time);
    }

    /**
     * Claims DOUT (input, pull-up, so a missing chip reads high) and PD_SCK (output, low; high on
     * Pi4J shutdown so the chip stays powered down) in {@code context}. Does not sample.
     *
     * @param clock wall clock for {@link RawSample#wallMillis()}
     * @param time  the sampling thread's time: pulse timing, ready waits and sample times
     *              ({@link Hx711Timing#system()} on a real chip)
     */
    public static Hx711 create(Context context, Hx711Config config, Clock clock, Hx711Timing time) {
        Objects.requireNonNull(context, "context must not be null.");
        Objects.requireNonNull(config, "config must not be null.");
        Objects.requireNonNull(clock, "clock must not be null.");
        Objects.requireNonNull(time, "time must not be null.");
        DigitalInput dout = context.create(DigitalInput.newConfigBuilder(context)
                .id(config.doutId()).name("HX711 DOUT").address(config.doutPin()).pull(PullResistance.PULL_UP));
        DigitalOutput sck = context.create(DigitalOutput.newConfigBuilder(context)
                .id(config.sckId()).name("HX711 PD_SCK").address(config.sckPin())
                .initial(DigitalState.LOW).shutdown(DigitalState.HIGH));
        return new Hx711(config, context, dout, sck, clock, time);
    }

    /** {@link #create} then {@link #start}, on the real clock ({@link Hx711Timing#system()}). */
    public static Hx711 open(Context context, Hx711Config config, Clock clock) {
        Hx711 hx711 = create(context, config, clock, Hx711Timing.system());
        hx711.start();
        return hx711;
    }

    /** Resets and powers up the chip and starts the sampling thread; idempotent. */
    public synchronized Hx711 start() {
        if (closed) {
            throw new Hx711ClosedException(config.doutPin(), config.sckPin());
        }
        if (thread == null) {
            Thread sampler = new Thread(loop, "hx711-sampler-" + config.doutPin());
            sampler.setDaemon(true);
            sampler.start();
            thread = sampler;
        }
        return this;
    }

    /**
     * {@inheritDoc}
     *
     * @throws Hx711GpioException if a pin failed and sampling stopped (after the samples taken before it)
     */
    @Override
    public RawSample read(Duration timeout) throws InterruptedException {
        if (closed || thread == null) {
            throw new Hx711ClosedException(config.doutPin(), config.sckPin());
        }
        RawSample sample = ring.take(timeout.toNanos());
        return sample != null ? sample : nothingCame();
    }

    /**
     * {@inheritDoc} Here: the samples waiting in the ring. After {@link #close} the ones still in
     * it are handed out without waiting (what the chip delivered before the stop is not lost),
     * and only an empty ring throws.
     *
     * @throws Hx711GpioException if a pin failed and sampling stopped (after the samples taken before it)
     */
    @Override
    public int drain(List<RawSample> into, int max, Duration wait) throws InterruptedException {
        if (thread == null) {
            throw new Hx711ClosedException(config.doutPin(), config.sckPin());
        }
        int n = ring.drainTo(into, max, closed ? 0 : wait.toNanos());
        if (n > 0) {
            return n;
        }
        into.add(nothingCame());
        return 1;
    }

    /** Why no sample came: a pin failure or a close as exceptions, else a NOT_READY sample stamped now. */
    private RawSample nothingCame() {
        RuntimeException failure = loop.failure();
        if (failure != null) {
            throw new Hx711GpioException(config.doutPin(), config.sckPin(), failure);
        }
        if (closed) {
            throw new Hx711ClosedException(config.doutPin(), config.sckPin());
        }
        return new RawSample(0, time.readerNanos(), clock.millis(), SampleStatus.NOT_READY);
    }

    @Override
    public SampleRate rate() {
        return config.rate();
    }

    /** The input and gain sampled from now on. */
    public Gain gain() {
        return loop.requestedGain();
    }

    /**
     * Switches input or gain. The read after this call selects it; conversions until the settling
     * time has passed (at least the first) are discarded, so no sample mixes the two.
     */
    public void gain(Gain gain) {
        loop.requestGain(Objects.requireNonNull(gain, "gain must not be null."));
    }

    /** Samples taken from the chip and not yet read, at most {@link Hx711Config#bufferCapacity()}. */
    public int waitingSamples() {
        return ring.size();
    }

    /** Counters since start, for health reporting. */
    public Hx711Stats stats() {
        return new Hx711Stats(ring.dropped(), loop.discardedConversions(), loop.timingViolations(),
                loop.chipResets());
    }

    /** Stops the sampling thread, powers the chip down and releases both pins; idempotent. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        loop.stop();
        Thread sampler = thread;
        if (sampler != null) {
            // Not an interrupt: a GPIO provider on file channels would close them and leave the chip up.
            time.samplingStopped();
            joinQuietly(sampler);
        }
        ring.close();
        context.shutdown(config.sckId());
        context.shutdown(config.doutId());
    }

    private static void joinQuietly(Thread sampler) {
        try {
            sampler.join(JOIN_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
