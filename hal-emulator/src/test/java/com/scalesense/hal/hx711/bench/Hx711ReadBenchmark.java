package com.scalesense.hal.hx711.bench;

import com.pi4j.Pi4J;
import com.pi4j.context.Context;
import com.pi4j.io.gpio.digital.DigitalInput;
import com.pi4j.io.gpio.digital.DigitalOutput;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalInput;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalInputProvider;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalOutput;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalOutputProvider;
import com.scalesense.hal.SampleRate;
import com.scalesense.hal.SampleStatus;
import com.scalesense.hal.emulator.EmulatorConfig;
import com.scalesense.hal.emulator.Hx711Emulator;
import com.scalesense.hal.hx711.Gain;
import com.scalesense.hal.hx711.Hx711Timing;
import com.scalesense.hal.hx711.internal.ConversionReader;
import com.scalesense.hal.hx711.internal.SampleRing;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Cost of one HX711 sample on the emulated chip. Each operation first makes a conversion ready
 * (the emulator's clock is stepped one 80 SPS period), then:
 * <ul>
 *   <li>{@code driverSample}: what the sampling thread does per sample: see DOUT low, shift out
 *       25 pulses keeping the datasheet's minimum times and timing every pulse, check DOUT,
 *       sign-extend, classify, put into the ring;</li>
 *   <li>{@code bareBitBang} (baseline): the same 25 pulses and 24 DOUT reads with no timing,
 *       checks or buffering, so its time is Pi4J's mock dispatch plus the emulator's listeners.</li>
 * </ul>
 * Sampled times (not averages), so the median can be read apart from the stalls a shared CPU adds.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class Hx711ReadBenchmark {

    private final AtomicLong emulatedNanos = new AtomicLong();
    private Context context;
    private DigitalInput dout;
    private DigitalOutput sck;
    private Hx711Emulator chip;
    private ConversionReader reader;
    private SampleRing ring;

    @Setup(Level.Trial)
    public void attach() {
        context = Pi4J.newContextBuilder()
                .add(MockDigitalInputProvider.newInstance(), MockDigitalOutputProvider.newInstance())
                .build();
        dout = context.create(DigitalInput.newConfigBuilder(context).id("bench-dout").address(5));
        sck = context.create(DigitalOutput.newConfigBuilder(context).id("bench-sck").address(6));
        EmulatorConfig config = EmulatorConfig.realTime(SampleRate.SPS_80, nanos -> -123_456.0)
                .withConversionClock(emulatedNanos::get);
        chip = Hx711Emulator.attach((MockDigitalInput) dout, (MockDigitalOutput) sck, config);
        reader = new ConversionReader(dout, sck, Hx711Timing.system());
        ring = new SampleRing(1024);
    }

    @TearDown(Level.Trial)
    public void detach() {
        chip.close();
        context.shutdown();
    }

    @Benchmark
    public int driverSample() {
        nextConversion();
        long readyAt = System.nanoTime();
        if (dout.isHigh()) {
            return -1;
        }
        boolean clean = reader.shiftOut(readyAt, Gain.A_128);
        int value = ConversionReader.signExtend(reader.code());
        ring.put(value, readyAt, 0L, clean ? SampleStatus.OK : SampleStatus.TIMING_VIOLATION);
        return value;
    }

    @Benchmark
    public int bareBitBang() {
        nextConversion();
        int bits = 0;
        for (int pulse = 0; pulse < Gain.A_128.pulses(); pulse++) {
            sck.high();
            bits = (bits << 1) | (dout.isHigh() ? 1 : 0);
            sck.low();
        }
        return bits;
    }

    private void nextConversion() {
        emulatedNanos.addAndGet(SampleRate.SPS_80.periodNanos());
        chip.dataPending();
    }
}
