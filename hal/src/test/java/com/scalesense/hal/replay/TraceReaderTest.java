package com.scalesense.hal.replay;

import com.scalesense.hal.SampleRate;
import com.scalesense.hal.SampleStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.FilterReader;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TraceReaderTest {

    private static List<TraceRow> readAll(TraceReader reader) {
        List<TraceRow> rows = new ArrayList<>();
        for (Optional<TraceRow> row = reader.next(); row.isPresent(); row = reader.next()) {
            rows.add(row.get());
        }
        return rows;
    }

    private static TraceReader reader(String text) {
        return TraceReader.of(new StringReader(text), "t.csv");
    }

    @Test
    void reads_header_fields_notes_and_rows_of_a_well_formed_trace() {
        // given
        String text = Traces.HEADER + "1763776800000,120345,ok\n1763776800013,8388607,saturated\n";

        // when
        try (TraceReader reader = reader(text)) {
            List<TraceRow> rows = readAll(reader);

            // then
            assertThat(reader.header()).isEqualTo(new TraceHeader(SampleRate.SPS_80, TraceGain.A_128,
                    Instant.parse("2026-11-22T02:00:00Z"),
                    Map.of("device_id", "SCALE-0042", "note", "half barrel, tap 7")));
            assertThat(reader.header().notes().keySet()).containsExactly("device_id", "note");
            assertThat(rows).containsExactly(
                    new TraceRow(1763776800000L, 120345, SampleStatus.OK, 8),
                    new TraceRow(1763776800013L, 8388607, SampleStatus.SATURATED, 9));
        }
    }

    @Test
    void rows_without_status_are_ok_in_both_column_layouts() {
        // given a two-column trace and a three-column one with the status left out
        String two = Traces.HEADER.replace("timestamp_ms,raw_counts,status", "timestamp_ms,raw_counts")
                + "100,-5\n";
        String three = Traces.HEADER + "100,-5\n200,-6,\n";

        // when / then
        try (TraceReader a = reader(two); TraceReader b = reader(three)) {
            assertThat(readAll(a)).extracting(TraceRow::status).containsExactly(SampleStatus.OK);
            assertThat(readAll(b)).extracting(TraceRow::status).containsExactly(SampleStatus.OK, SampleStatus.OK);
        }
    }

    @Test
    void accepts_crlf_line_ends_from_a_trace_edited_on_windows() {
        String text = (Traces.HEADER + "100,1,timing_violation\n").replace("\n", "\r\n");

        try (TraceReader reader = reader(text)) {
            assertThat(readAll(reader)).containsExactly(new TraceRow(100, 1, SampleStatus.TIMING_VIOLATION, 8));
        }
    }

    @Test
    void reads_rows_and_long_notes_whose_line_ends_fall_across_read_chunks() {
        // given a CRLF trace longer than the reader's 8192-char buffer, delivered 3 chars per read
        // so that '\r' and '\n' land in different chunks
        StringBuilder text = new StringBuilder(Traces.HEADER.replace("# note=", "# long=" + "x".repeat(10_000)
                + "\n# note="));
        for (int i = 1; i <= 2_000; i++) {
            text.append(i * 13L).append(',').append(-i).append(",ok\n");
        }
        Reader trickle = new FilterReader(new StringReader(text.toString().replace("\n", "\r\n"))) {
            @Override
            public int read(char[] buffer, int offset, int length) throws IOException {
                return super.read(buffer, offset, Math.min(length, 3));
            }
        };

        // when
        try (TraceReader reader = TraceReader.of(trickle, "t.csv")) {
            List<TraceRow> rows = readAll(reader);

            // then
            assertThat(reader.header().notes().get("long")).hasSize(10_000);
            assertThat(rows).hasSize(2_000);
            assertThat(rows.get(1_999)).isEqualTo(new TraceRow(26_000, -2_000, SampleStatus.OK, 2_008));
        }
    }

    static Stream<Arguments> badTraces() {
        String h = Traces.HEADER;
        return Stream.of(
                Arguments.of("timestamp equal to the previous", h + "100,1\n100,2\n", 9, "timestamp_ms",
                        "strictly increasing", 8),
                Arguments.of("timestamp going back", h + "100,1\n200,1\n150,2\n", 10, "timestamp_ms",
                        "strictly increasing", 9),
                Arguments.of("negative timestamp", h + "-1,1\n", 8, "timestamp_ms", "non-negative", 7),
                Arguments.of("timestamp not a number", h + "12:00,1\n", 8, "timestamp_ms", "epoch milliseconds", 7),
                Arguments.of("counts above 24 bits", h + "100,8388608\n", 8, "raw_counts", "24-bit", 7),
                Arguments.of("counts below 24 bits", h + "100,-8388609\n", 8, "raw_counts", "24-bit", 7),
                Arguments.of("counts in hex", h + "100,0x7FFFFF\n", 8, "raw_counts", "24-bit", 7),
                Arguments.of("unknown status", h + "100,1,OK\n", 8, "status", "one of ok, saturated", 7),
                Arguments.of("too many fields", h + "100,1,ok,4\n", 8, "line", "2 or 3", 7),
                Arguments.of("blank line between rows", h + "100,1\n\n200,1\n", 9, "line", "2 or 3", 8),
                Arguments.of("cut-off last line", h + "100,1\n200,45", 9, "line", "cut off", 8),
                Arguments.of("missing magic line", h.substring(h.indexOf('\n') + 1), 1, "format",
                        "# scale-sense trace v1", 0),
                Arguments.of("rate not 10 or 80", h.replace("rate_sps=80", "rate_sps=40"), 2, "rate_sps",
                        "10 or 80", 1),
                Arguments.of("gain unknown", h.replace("gain=A_128", "gain=128"), 3, "gain", "A_128", 2),
                Arguments.of("started_at with offset", h.replace("02:00:00Z", "02:00:00+01:00"), 4,
                        "started_at", "UTC", 3),
                Arguments.of("duplicate key", h.replace("# note=", "# device_id=again\n# note="), 6, "device_id",
                        "once", 5),
                Arguments.of("header line without =", h.replace("# note=half barrel, tap 7", "# a note"), 6,
                        "header", "# key=value", 5),
                Arguments.of("upper-case note key", h.replace("# note=", "# Note="), 6, "header key",
                        "lower-case", 5),
                Arguments.of("rate missing", h.replace("# rate_sps=80\n", ""), 6, "rate_sps", "required", 5),
                Arguments.of("wrong column header", h.replace("timestamp_ms,raw_counts,status", "ts,counts"), 7,
                        "column header", "exactly", 6),
                Arguments.of("no column header", h.substring(0, h.indexOf("timestamp_ms")), 7, "column header",
                        "header ends with", 6),
                Arguments.of("empty file", "", 1, "format", "# scale-sense trace v1", 0));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badTraces")
    void rejects_a_bad_line_naming_line_column_rule_and_last_good_line(String what, String text, long line,
                                                                      String column, String rule, long lastGood) {
        assertThatThrownBy(() -> {
            try (TraceReader reader = reader(text)) {
                readAll(reader);
            }
        }).isInstanceOfSatisfying(TraceFormatException.class, e -> {
            assertThat(e.lineNumber()).as("line").isEqualTo(line);
            assertThat(e.column()).as("column").isEqualTo(column);
            assertThat(e.rule()).as("rule").contains(rule);
            assertThat(e.lastGoodLine()).as("last good line").isEqualTo(lastGood);
            assertThat(e.getMessage()).contains("t.csv line " + line).contains(column);
        });
    }

    @Test
    void cuts_a_long_bad_value_to_forty_characters_in_the_error() {
        String garbage = "9".repeat(500);

        assertThatThrownBy(() -> readAll(reader(Traces.HEADER + "100," + garbage + "\n")))
                .isInstanceOfSatisfying(TraceFormatException.class, e -> {
                    assertThat(e.value()).isEqualTo("9".repeat(40) + "...");
                    assertThat(e.getMessage()).doesNotContain("9".repeat(41));
                });
    }
}
