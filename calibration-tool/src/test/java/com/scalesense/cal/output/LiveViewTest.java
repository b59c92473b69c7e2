package com.scalesense.cal.output;

import static org.assertj.core.api.Assertions.assertThat;

import com.scalesense.control.Replies;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class LiveViewTest {

    private static final Replies.Live SAMPLE = new Replies.Live(1_795_000_000_000L, 510_800, "OK", 20.001, "STABLE");
    private final StringWriter text = new StringWriter();
    private final PrintWriter out = new PrintWriter(text);

    @Test
    void on_a_terminal_redraws_one_line_in_place_and_ends_it_when_finished() {
        LiveView view = new LiveView(out, true, false);

        view.show(SAMPLE);
        view.show(SAMPLE);
        view.finish();

        assertThat(text.toString()).startsWith("\r\u001b[2K").contains("20.001 kg").contains("raw   510800")
                .endsWith(System.lineSeparator());
        assertThat(text.toString().split("\r\u001b\\[2K", -1)).hasSize(3);
        assertThat(text.toString().chars().filter(c -> c == '\n').count()).isEqualTo(1);
    }

    @Test
    void into_a_pipe_prints_one_plain_line_per_sample_without_escape_codes() {
        LiveView view = new LiveView(out, false, false);

        view.show(SAMPLE);
        view.show(SAMPLE);
        view.finish();

        assertThat(text.toString().lines()).hasSize(2).allSatisfy(line -> assertThat(line)
                .doesNotContain("\u001b").contains("ok").contains("settling").contains("keg stable"));
    }

    @Test
    void with_json_prints_one_object_per_sample_with_its_stability_even_on_a_terminal() {
        LiveView view = new LiveView(out, true, true);

        view.show(SAMPLE);

        assertThat(text.toString().strip()).isEqualTo("{\"timestamp_ms\":1795000000000,\"raw_counts\":510800,"
                + "\"status\":\"OK\",\"weight_kg\":20.001,\"keg_state\":\"STABLE\",\"stability\":\"settling\"}");
    }

    @Test
    void a_sample_without_weight_shows_a_dash_not_zero() {
        LiveView view = new LiveView(out, false, false);

        view.show(new Replies.Live(1_795_000_000_000L, 8_388_607, "SATURATED", null, null));

        assertThat(text.toString()).contains("  - ").contains("saturated").contains("unknown").doesNotContain("0.000 kg  raw");
    }
}
