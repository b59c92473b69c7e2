package com.scalesense.sink.store;

import java.util.List;

/** Everything of a batch that must happen exactly once, written in one transaction. */
public record BatchCommit(BatchMarker marker, List<SummaryAdd> summaries, AlertCommit alerts) {

    public BatchCommit {
        summaries = List.copyOf(summaries);
    }
}
