package com.scalesense.cal;

import java.io.Reader;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The technician at the keyboard, as {@code scale-cal}'s stdin: each time the CLI waits for a
 * line, the next step first acts (puts a weight on the platform) and then types its answer.
 * After the last step, end of input.
 */
final class Technician extends Reader {

    private record Step(Runnable act, String answer) {
    }

    private final Deque<Step> steps = new ArrayDeque<>();
    private String pending = "";

    /** Does {@code act} when the next prompt comes, then answers {@code answer} (Enter added). */
    Technician then(Runnable act, String answer) {
        steps.addLast(new Step(act, answer + "\n"));
        return this;
    }

    /** Only answers. */
    Technician answer(String answer) {
        return then(() -> { }, answer);
    }

    @Override
    public int read(char[] buffer, int offset, int length) {
        if (pending.isEmpty()) {
            Step step = steps.pollFirst();
            if (step == null) {
                return -1;
            }
            step.act().run();
            pending = step.answer();
        }
        int n = Math.min(length, pending.length());
        pending.getChars(0, n, buffer, offset);
        pending = pending.substring(n);
        return n;
    }

    @Override
    public void close() {
        steps.clear();
    }
}
