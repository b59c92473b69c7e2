package com.scalesense.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Issue 13 class 7: what the sink logs and keeps of a rejected message (reason, device id,
 * excerpt) carries no control or bidi characters and has a bounded length. The sink had an
 * escaper of its own until it was folded into this one.
 */
class SafeTextTest {

    @Test
    void bounded_escapes_newlines_bidi_overrides_isolates_and_bom() {
        assertThat(SafeText.bounded("a\nb\r\u0000\u202Ec\u2066d\u200Fe\uFEFFf\u2028g\u0085", 100))
                .isEqualTo("a\\u000ab\\u000d\\u0000\\u202ec\\u2066d\\u200fe\\ufefff\\u2028g\\u0085");
    }

    @Test
    void bounded_keeps_printable_text_and_astral_letters_and_escapes_lone_surrogates() {
        assertThat(SafeText.bounded("SCALE-0042 Bière 🍺", 100)).isEqualTo("SCALE-0042 Bière 🍺");
        assertThat(SafeText.bounded("x\uD800y", 100)).isEqualTo("x\\ud800y");
    }

    @Test
    void bounded_cuts_the_escaped_form_naming_the_full_length() {
        assertThat(SafeText.bounded("x".repeat(5000), 10)).isEqualTo("xxxxxxxxxx…(5000 chars)");
        assertThat(SafeText.bounded(null, 10)).isNull();
    }
}
