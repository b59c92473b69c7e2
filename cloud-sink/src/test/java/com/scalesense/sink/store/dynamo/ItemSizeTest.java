package com.scalesense.sink.store.dynamo;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class ItemSizeTest {

    @Test
    void string_attribute_costs_name_plus_utf8_bytes() {
        assertThat(ItemSize.bytes(Map.of("PK", AttributeValue.fromS("KEG#é")))).isEqualTo(2 + 6);
    }

    @Test
    void number_costs_one_byte_per_two_significant_digits_plus_one() {
        assertThat(ItemSize.bytes(Map.of("n", AttributeValue.fromN("1795262400000")))).isEqualTo(1 + 7 + 1);
    }

    @Test
    void write_units_round_up_per_started_kilobyte() {
        assertThat(ItemSize.writeUnits(1)).isEqualTo(1);
        assertThat(ItemSize.writeUnits(1024)).isEqualTo(1);
        assertThat(ItemSize.writeUnits(1025)).isEqualTo(2);
    }
}
