package com.scalesense.sink.store.dynamo;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** DynamoDB's number limits (Developer Guide, "Data types"): 38 digits, 1E-130 to below 1E+126, or zero. */
class StorableTest {

    @ParameterizedTest
    @ValueSource(strings = {"0", "-0", "0.000", "1E-130", "-1E-130", "9.9999999999999999999999999999999999999E+125",
            "161.5", "1795262400000", "12345678901234567890123456789012345678"})
    void stores_numbers_inside_dynamodbs_range(String n) {
        assertThat(Storable.numberRule(n)).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"1E+126", "-1E+126", "1E-131", "123456789012345678901234567890123456789", "1e400"})
    void refuses_numbers_dynamodb_cannot_store(String n) {
        assertThat(Storable.numberRule(n)).contains("DynamoDB");
    }
}
