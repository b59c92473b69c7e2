package com.scalesense.agent.runtime;

import com.scalesense.control.Replies;

/** Assembles the {@code status} reply from the running agent's parts. */
@FunctionalInterface
interface StatusSource {
    Replies.Status status();
}
