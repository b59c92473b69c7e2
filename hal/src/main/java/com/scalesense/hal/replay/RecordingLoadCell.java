package com.scalesense.hal.replay;

import com.scalesense.hal.LoadCell;
import com.scalesense.hal.RawSample;
import com.scalesense.hal.SampleRate;

import java.time.Duration;
import java.util.Objects;

/**
 * A load cell that writes every sample it hands out to a {@link TraceRecorder}, timeouts
 * (NOT_READY) and faults included, so the trace shows what the pipeline saw.
 *
 * <p>A sample is recorded before it is returned; if the recorder fails (disk full), read throws and
 * the capture stops loudly rather than leaving a trace with a silent gap.
 */
public final class RecordingLoadCell implements LoadCell {

    private final LoadCell source;
    private final TraceRecorder recorder;

    /**
     * @throws IllegalArgumentException if the recorder's header states another rate than the source runs at
     */
    public RecordingLoadCell(LoadCell source, TraceRecorder recorder) {
        this.source = Objects.requireNonNull(source, "source must not be null");
        this.recorder = Objects.requireNonNull(recorder, "recorder must not be null");
        SampleRate declared = recorder.header().rate();
        if (declared != source.rate()) {
            throw new IllegalArgumentException("rate_sps '" + declared.samplesPerSecond()
                    + "' breaks rule: the trace header states the rate the load cell runs at ("
                    + source.rate().samplesPerSecond() + ")");
        }
    }

    @Override
    public RawSample read(Duration timeout) throws InterruptedException {
        RawSample sample = source.read(timeout);
        recorder.record(sample);
        return sample;
    }

    @Override
    public SampleRate rate() {
        return source.rate();
    }

    /** Closes the recorder (flushing the trace), then the source; idempotent. */
    @Override
    public void close() {
        try {
            recorder.close();
        } finally {
            source.close();
        }
    }
}
