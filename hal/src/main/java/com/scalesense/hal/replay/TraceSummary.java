package com.scalesense.hal.replay;

import java.nio.file.Path;
import java.util.Optional;

/**
 * What a full pass over a trace found, every rule checked; memory stays constant.
 *
 * @param header        the trace's header
 * @param rowCount      number of sample rows
 * @param firstTimestampMs timestamp_ms of the first row, epoch ms; -1 if there are no rows
 * @param lastTimestampMs  timestamp_ms of the last row, epoch ms; -1 if there are no rows
 */
public record TraceSummary(TraceHeader header, long rowCount, long firstTimestampMs, long lastTimestampMs) {

    /**
     * Reads the whole trace once.
     *
     * @throws TraceFormatException at the first line that breaks a rule
     * @throws TraceIoException     if the file cannot be read
     */
    public static TraceSummary scan(Path path) {
        try (TraceReader reader = TraceReader.open(path)) {
            long count = 0;
            long first = -1;
            long last = -1;
            for (Optional<TraceRow> row = reader.next(); row.isPresent(); row = reader.next()) {
                if (count == 0) {
                    first = row.get().timestampMs();
                }
                last = row.get().timestampMs();
                count++;
            }
            return new TraceSummary(reader.header(), count, first, last);
        }
    }

    /** Recorded time from the first to the last row, milliseconds; 0 for fewer than two rows. */
    public long spanMs() {
        return rowCount < 2 ? 0 : lastTimestampMs - firstTimestampMs;
    }
}
