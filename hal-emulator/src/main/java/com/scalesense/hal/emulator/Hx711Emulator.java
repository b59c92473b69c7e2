package com.scalesense.hal.emulator;

import com.pi4j.context.Context;
import com.pi4j.io.IO;
import com.pi4j.io.gpio.digital.DigitalState;
import com.pi4j.io.gpio.digital.DigitalStateChangeListener;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalInput;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalOutput;
import com.scalesense.hal.emulator.internal.ChipModel;
import com.scalesense.hal.emulator.internal.ChipTicker;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * An HX711 on Pi4J mock pins, keeping the datasheet's rules: a conversion every 100 or 12.5 ms
 * (DOUT low when ready), 24 bits out MSB first on PD_SCK rising edges, 25/26/27 pulses choosing
 * the next conversion's input, power-down when PD_SCK stays high over 60 µs and reset with
 * settling when it falls, output clipped to 0x800000..0x7FFFFF.
 *
 * <p>How it hooks in: Pi4J 2.8.0 dispatches a digital output's state-change listeners
 * synchronously, on the thread that called {@code high()}/{@code low()}, and only when the state
 * changes ({@code DigitalOutputBase.state} → {@code EventManager.dispatch} → {@code Set.forEach}).
 * So each PD_SCK edge reaches the model inside the driver's own call, before it returns, and DOUT
 * is set with {@code MockDigitalInput.mockState} before the driver samples it. Conversions that
 * complete between reads are applied as the driver's waits move the {@link EmulatedTime} both
 * share ({@link EmulatorConfig#emulated}), or, on real time, by a daemon ticker thread.
 *
 * <p>Faults are injected here, on the fake, as Pi4J puts test control on its mocks. Time: on
 * emulated time a pulse lasts what the driver's code makes it last, so a test's outcome does not
 * depend on the machine's load; on real time ({@link EmulatorConfig#realTime}) the conversion
 * clock may run faster than real time and PD_SCK high times are measured on the pulse clock.
 */
public final class Hx711Emulator implements AutoCloseable {

    private final MockDigitalOutput sck;
    private final LongSupplier conversionClock;
    private final LongSupplier pulseClock;
    private final ChipModel model;
    private final DigitalStateChangeListener listener;
    private final AtomicLong stretchNanos = new AtomicLong();
    private final AtomicLong skewNanos = new AtomicLong();
    private final EmulatedTime time;
    private final ChipTicker ticker;

    private Hx711Emulator(MockDigitalInput dout, MockDigitalOutput sck, EmulatorConfig config) {
        this.sck = sck;
        this.conversionClock = config.conversionClock();
        this.pulseClock = config.pulseClock();
        this.model = new ChipModel(config,
                high -> dout.mockState(high ? DigitalState.HIGH : DigitalState.LOW), conversionClock.getAsLong());
        this.listener = event -> onEdge(event.state().isHigh());
        this.time = config.time();
        this.ticker = time != null ? null
                : new ChipTicker(model, conversionClock, pulseClock, "hx711-emulator-" + dout.id());
    }

    /** Attaches a powered chip to the given mock pins and starts its conversions. */
    public static Hx711Emulator attach(MockDigitalInput dout, MockDigitalOutput sck, EmulatorConfig config) {
        Hx711Emulator emulator = new Hx711Emulator(dout, sck, config);
        sck.addListener(emulator.listener);
        if (sck.isHigh()) {
            emulator.onEdge(true);
        }
        if (emulator.time != null) {
            emulator.time.onAdvance(now -> emulator.model.advance(now, now));
        } else {
            emulator.ticker.start();
        }
        return emulator;
    }

    /** Attaches to the mock pins registered in {@code context} under the given ids. */
    public static Hx711Emulator attach(Context context, String doutId, String sckId, EmulatorConfig config) {
        return attach(pin(context, doutId, MockDigitalInput.class), pin(context, sckId, MockDigitalOutput.class),
                config);
    }

    /** Makes DOUT read high whatever the chip does, as an unplugged chip on a pulled-up pin. */
    public void disconnect() {
        model.stuckHigh(true);
    }

    /** Undoes {@link #disconnect()}. */
    public void reconnect() {
        model.stuckHigh(false);
    }

    /** The chip completes no conversion for the next {@code conversions} periods; a reset ends it. */
    public void stallConversions(int conversions) {
        model.stall(conversions);
    }

    /** The next conversion outputs exactly {@code value} (signed 24-bit), once: an isolated spike. */
    public void injectSpike(int value) {
        model.inject(value);
    }

    /**
     * After every read that holds PD_SCK high longer than the 50 µs maximum (p.5 T3) without
     * powering the chip down, the next conversion outputs 2^bits − 1; 0 turns this off.
     */
    public void allOnesAfterMistimedRead(int bits) {
        model.allOnesAfterMistimedRead(bits);
    }

    /** Replaces the input of every channel with {@code counts} (at A/128), e.g. beyond full scale. */
    public void overdriveInput(double counts) {
        model.overdrive(counts);
    }

    /** Returns the inputs to the configured signals. */
    public void clearOverdrive() {
        model.overdrive(null);
    }

    /** The next PD_SCK rising edge returns to the driver only after {@code delay} (a pre-empted pulse). */
    public void stretchNextRisingEdge(Duration delay) {
        stretchNanos.set(delay.toNanos());
    }

    /**
     * The chip sees the next PD_SCK pulse of a read {@code extra} longer than the driver measures
     * it: the driver finds nothing wrong, while the chip may spoil its next conversion
     * ({@link #allOnesAfterMistimedRead}). A pulse stretched where the driver cannot time it.
     */
    public void lengthenNextPulseForChipOnly(Duration extra) {
        skewNanos.set(extra.toNanos());
    }

    public ChipCounters counters() {
        sync();
        return model.counters();
    }

    /** Whether the chip is powered down now (PD_SCK held high past 60 µs). */
    public boolean poweredDown() {
        sync();
        return model.poweredDown();
    }

    /** Whether a completed conversion waits to be read or is being shifted out right now. */
    public boolean dataPending() {
        sync();
        return model.dataPending();
    }

    /** The input the chip converts now: "A_128", "B_32" or "A_64". */
    public String selection() {
        sync();
        return model.selection();
    }

    /** Stops the ticker and detaches from PD_SCK; DOUT keeps its last level. */
    @Override
    public void close() {
        if (ticker != null) {
            ticker.stop();
        }
        sck.removeListener(listener);
    }

    private void onEdge(boolean high) {
        long conv = conversionClock.getAsLong();
        long pulse = pulseClock.getAsLong();
        if (high) {
            model.rising(conv, pulse);
            holdStretch(pulse);
        } else if (model.reading()) {
            model.falling(conv, pulse + skewNanos.getAndSet(0));
        } else {
            model.falling(conv, pulse);
        }
    }

    private void holdStretch(long from) {
        long stretch = stretchNanos.getAndSet(0);
        if (stretch > 0 && time != null) {
            // On emulated time the pre-emption is a jump of the driver's own clock, inside its call.
            time.jump(stretch);
            return;
        }
        while (stretch > 0 && pulseClock.getAsLong() - from < stretch) {
            Thread.onSpinWait();
        }
    }

    private void sync() {
        model.advance(conversionClock.getAsLong(), pulseClock.getAsLong());
    }

    private static <T> T pin(Context context, String id, Class<T> type) {
        if (!context.registry().exists(id)) {
            throw new EmulatorAttachException(id, "no such pin in the Pi4J context");
        }
        IO<?, ?, ?> io = context.registry().get(id);
        if (!type.isInstance(io)) {
            throw new EmulatorAttachException(id, "is a " + io.getClass().getSimpleName() + ", not a "
                    + type.getSimpleName() + " (build the context with the mock providers)");
        }
        return type.cast(io);
    }
}
