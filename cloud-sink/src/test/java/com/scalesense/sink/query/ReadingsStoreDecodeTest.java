package com.scalesense.sink.query;

import static org.assertj.core.api.Assertions.assertThat;

import com.scalesense.sink.tables.Attr;
import com.scalesense.sink.tables.PackedRows;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class ReadingsStoreDecodeTest {

    private static final String ROWS = "0,80,12.4,135,80,4.1;60000,,,,79.5,4.1";

    /** A batch of AA:BB:CC:DD:EE:01 whose second reading had a sensor error, its rows in {@code attribute}. */
    private static Map<String, AttributeValue> batch(String attribute, AttributeValue rows) {
        return Map.of("SK", Attr.s("2026-11-21T12:00:00.000Z"),
                "batch_id", Attr.s("AA:BB:CC:DD:EE:01_7c9e6679-7425-40de-944b-e07fc1f90ae7_1_2"),
                "columns", Attr.s("offset_ms,level_pct,gallons,weight_lbs,battery_pct,battery_v"),
                attribute, rows);
    }

    @Test
    void decodes_old_text_rows_by_column_name_with_empty_fields_as_null_and_names_the_scale() {
        var points = ReadingsStore.decode(batch("rows", Attr.s(ROWS)), Map.of("AA:BB:CC:DD:EE:01", "SCALE-0042"));

        assertThat(points).containsExactly(
                new ReadingPoint(Instant.parse("2026-11-21T12:00:00Z"), "SCALE-0042", 80.0, 12.4, 80.0),
                new ReadingPoint(Instant.parse("2026-11-21T12:01:00Z"), "SCALE-0042", null, null, 79.5));
    }

    @Test
    void decodes_gzip_rows_as_ingestion_now_writes_them_to_the_same_points() {
        var map = Map.of("AA:BB:CC:DD:EE:01", "SCALE-0042");

        assertThat(ReadingsStore.decode(batch("rows_gz", PackedRows.gzip(ROWS)), map))
                .isEqualTo(ReadingsStore.decode(batch("rows", Attr.s(ROWS)), map)).hasSize(2);
    }

    @Test
    void a_column_the_store_does_not_write_reads_as_null_and_an_unknown_scale_keeps_its_hardware_id() {
        var item = Map.of("SK", Attr.s("2026-11-21T12:00:00.000Z"),
                "batch_id", Attr.s("AA:BB:CC:DD:EE:02_boot_1_2"),
                "columns", Attr.s("offset_ms,level_pct"), "rows", Attr.s("500,42.5"));

        assertThat(ReadingsStore.decode(item, Map.of())).containsExactly(
                new ReadingPoint(Instant.parse("2026-11-21T12:00:00.500Z"), "AA:BB:CC:DD:EE:02", 42.5, null, null));
    }
}
