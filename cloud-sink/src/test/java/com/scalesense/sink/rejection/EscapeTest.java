package com.scalesense.sink.rejection;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Issue 13 class 7: logged and kept values carry no control or bidi characters. */
class EscapeTest {

    @Test
    void escapes_newlines_bidi_overrides_isolates_and_bom() {
        assertThat(Escape.text("a\nb\r\u0000\u202Ec\u2066d\u200Fe\uFEFFf\u2028g\u0085", 100))
                .isEqualTo("a\\u000Ab\\u000D\\u0000\\u202Ec\\u2066d\\u200Fe\\uFEFFf\\u2028g\\u0085");
    }

    @Test
    void keeps_printable_text_and_astral_letters_and_escapes_lone_surrogates() {
        assertThat(Escape.text("SCALE-0042 Bière 🍺", 100)).isEqualTo("SCALE-0042 Bière 🍺");
        assertThat(Escape.text("x\uD800y", 100)).isEqualTo("x\\uD800y");
    }

    @Test
    void bounds_the_length_naming_the_full_length() {
        assertThat(Escape.text("x".repeat(5000), 10)).isEqualTo("xxxxxxxxxx…(5000 chars)");
    }
}
