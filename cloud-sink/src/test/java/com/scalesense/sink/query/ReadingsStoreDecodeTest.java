package com.scalesense.sink.query;

import static org.assertj.core.api.Assertions.assertThat;

import com.scalesense.sink.tables.Attr;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReadingsStoreDecodeTest {

    @Test
    void decodes_packed_rows_by_column_name_with_empty_fields_as_null_and_names_the_scale() {
        // given a batch of AA:BB:CC:DD:EE:01 whose second reading had a sensor error
        var item = Map.of("SK", Attr.s("2026-11-21T12:00:00.000Z"),
                "batch_id", Attr.s("AA:BB:CC:DD:EE:01_7c9e6679-7425-40de-944b-e07fc1f90ae7_1_2"),
                "columns", Attr.s("offset_ms,level_pct,gallons,weight_lbs,battery_pct,battery_v"),
                "rows", Attr.s("0,80,12.4,135,80,4.1;60000,,,,79.5,4.1"));

        var points = ReadingsStore.decode(item, Map.of("AA:BB:CC:DD:EE:01", "SCALE-0042"));

        assertThat(points).containsExactly(
                new ReadingPoint(Instant.parse("2026-11-21T12:00:00Z"), "SCALE-0042", 80.0, 12.4, 80.0),
                new ReadingPoint(Instant.parse("2026-11-21T12:01:00Z"), "SCALE-0042", null, null, 79.5));
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
