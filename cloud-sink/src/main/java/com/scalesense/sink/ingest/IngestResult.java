package com.scalesense.sink.ingest;

/** Outcome of one delivery of a batch. Both mean "acknowledge the message". */
public enum IngestResult {
    /** This delivery committed the batch. */
    ACCEPTED,
    /** The batch had been committed by an earlier (or concurrent) delivery; nothing new was counted. */
    DUPLICATE
}
