package com.scalesense.cal.command;

import static org.assertj.core.api.Assertions.assertThat;

import com.scalesense.cal.CliContext;
import java.io.BufferedReader;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.time.Clock;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PrompterTest {

    private final StringWriter err = new StringWriter();

    private Prompter prompter(boolean terminal, String answers) {
        return new Prompter(new CliContext(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true),
                new BufferedReader(new StringReader(answers)), terminal, Clock.systemUTC(), new Random(1), Map.of(), 1));
    }

    @Test
    void piped_answers_get_one_prompt_per_line() {
        // issue 14: with stdin piped, calibrate's prompts ran together on one line
        Prompter p = prompter(false, "0\n20\n");

        assertThat(p.ask("Known weight in kg: ")).isEqualTo("0");
        assertThat(p.ask("Known weight in kg: ")).isEqualTo("20");

        assertThat(err.toString()).isEqualTo("Known weight in kg:\nKnown weight in kg:\n");
    }

    @Test
    void on_a_terminal_the_answer_is_typed_after_the_prompt() {
        Prompter p = prompter(true, "y\n");

        assertThat(p.confirm("Commit? [y/N] ")).isTrue();

        assertThat(err.toString()).isEqualTo("Commit? [y/N] ");
    }
}
