package com.scalesense.hal.hx711.internal;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class ConversionReaderTest {

    @ParameterizedTest(name = "code {0} is {1}")
    @CsvSource({
            "0x000000, 0",
            "0x000001, 1",
            "0xFFFFFF, -1",
            "0x7FFFFE, 8388606",
            "0x7FFFFF, 8388607",
            "0x800000, -8388608",
            "0x800001, -8388607",
    })
    void sign_extends_24_bit_twos_complement(String code, int expected) {
        assertThat(ConversionReader.signExtend(Integer.decode(code))).isEqualTo(expected);
    }
}
