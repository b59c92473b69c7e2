package com.scalesense.sink.tables;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scalesense.sink.SinkException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class PackedRowsTest {

    private static final String ROWS = "0,80,12.4,135,80,4.1;60000,,,,79.5,4.1;120000,79.9,12.38,134.8,79.5,4.09";

    @Test
    void an_old_item_with_text_rows_reads_its_text_and_a_batch_without_pours_has_no_pour_rows() {
        var old = Map.of(PackedRows.TEXT, Attr.s(ROWS), PackedRows.POURS, Attr.s("30000,22000,30000,16,473.2,1"));

        assertThat(PackedRows.text(old)).isEqualTo(ROWS);
        assertThat(PackedRows.text(old, PackedRows.POURS)).isEqualTo("30000,22000,30000,16,473.2,1");
        assertThat(PackedRows.text(Map.of(PackedRows.GZ, PackedRows.gzip(ROWS)), PackedRows.POURS)).isNull();
    }

    @Test
    void rows_gz_is_standard_gzip_of_the_text_and_is_read_before_text_rows() throws IOException {
        AttributeValue gz = PackedRows.gzip(ROWS);

        try (var in = new GZIPInputStream(new ByteArrayInputStream(gz.b().asByteArray()))) {
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo(ROWS);
        }
        assertThat(PackedRows.text(Map.of(PackedRows.GZ, gz, PackedRows.TEXT, Attr.s("stale")))).isEqualTo(ROWS);
    }

    @Test
    void the_same_text_gives_the_same_bytes() {
        assertThat(PackedRows.gzip(ROWS).b().asByteArray()).isEqualTo(PackedRows.gzip(ROWS).b().asByteArray());
    }

    @Test
    void rows_gz_that_is_not_gzip_and_an_item_without_rows_are_errors_naming_the_attribute() {
        var broken = Map.of(ItemKey.PK, Attr.s("READINGS#keg#K1"),
                PackedRows.GZ, AttributeValue.fromB(SdkBytes.fromUtf8String("0,80")));

        assertThatThrownBy(() -> PackedRows.text(broken)).isInstanceOf(SinkException.class)
                .hasMessageContaining("rows_gz").hasMessageContaining("must be gzip");
        assertThatThrownBy(() -> PackedRows.text(Map.of(ItemKey.PK, Attr.s("READINGS#keg#K1"))))
                .isInstanceOf(SinkException.class).hasMessageContaining("must have rows_gz or rows");
    }
}
