package com.scalesense.agent.operations;

import com.scalesense.control.Replies;

/** Assembles the {@code status} reply from the running agent's parts. */
@FunctionalInterface
public interface StatusSource {
    Replies.Status status();
}
