package com.scalesense.sink.tables;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import org.junit.jupiter.api.Test;

class AttrTest {

    @Test
    void writes_a_decimal_without_trailing_zeros_as_dynamodb_keeps_it() {
        // Guards issue 16: the admin helper wrote 5.0 as "5.0", ingestion's wrote "5"; one form now.
        assertThat(Attr.n(5.0).n()).isEqualTo("5");
        assertThat(Attr.n(1.050).n()).isEqualTo("1.05");
        assertThat(Attr.n(0.00001).n()).isEqualTo("0.00001");
        assertThat(Attr.n(161.5).n()).isEqualTo("161.5");
        assertThat(Attr.n(1e20).n()).isEqualTo("100000000000000000000");
        assertThat(Attr.n(1_795_262_400_000L).n()).isEqualTo("1795262400000");
    }

    @Test
    void reads_back_the_same_number_from_either_old_encoding() {
        // Items written before the one encoding hold "29.0" (admin, seed) or "29" (ingestion).
        Map<String, AttributeValue> item = Map.of(
                "padded", AttributeValue.fromN("29.0"),
                "stripped", Attr.n(29.0));
        assertThat(Attr.dec(item, "padded")).isEqualTo(Attr.dec(item, "stripped")).isEqualTo(29.0);
        assertThat(Attr.num(item, "padded")).isEqualTo(Attr.num(item, "stripped")).isEqualTo(29L);
        assertThat(Attr.dec(item, "missing")).isNull();
    }
}
