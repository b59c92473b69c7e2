package com.scalesense.cal.command;

import com.scalesense.cal.CliContext;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Locale;

/**
 * Questions to the technician: the prompt on stderr (stdout stays the result, also for
 * {@code --json}), the answer one line of stdin. End of input counts as no answer. Off a terminal
 * (answers piped in) nobody types after the prompt, so it ends its line: piped prompts would
 * otherwise run together on one line of the log.
 */
final class Prompter {

    private final CliContext io;

    Prompter(CliContext io) {
        this.io = io;
    }

    /** The answer with blanks trimmed, or null at end of input. */
    String ask(String prompt) {
        if (io.terminal()) {
            io.err().print(prompt);
        } else {
            io.err().println(prompt.stripTrailing());
        }
        io.err().flush();
        try {
            String line = io.in().readLine();
            return line == null ? null : line.strip();
        } catch (IOException e) {
            throw new UncheckedIOException("stdin: " + e.getMessage(), e);
        }
    }

    /** Waits for Enter; false at end of input. */
    boolean pause(String prompt) {
        return ask(prompt + " ") != null;
    }

    /** True only for an explicit yes. */
    boolean confirm(String prompt) {
        String answer = ask(prompt);
        return answer != null && (answer.toLowerCase(Locale.ROOT).equals("y") || answer.toLowerCase(Locale.ROOT).equals("yes"));
    }
}
