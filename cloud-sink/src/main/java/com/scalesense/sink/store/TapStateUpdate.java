package com.scalesense.sink.store;

import com.scalesense.protocol.Reading;

/** The newest synced reading of a batch for its tap; {@code kegId} may be null. */
public record TapStateUpdate(String locId, String tapId, String reportedBy, String kegId, Reading reading) {
}
