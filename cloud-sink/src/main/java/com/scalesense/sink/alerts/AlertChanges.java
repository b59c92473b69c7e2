package com.scalesense.sink.alerts;

import java.util.List;

/**
 * The writes that take a tap's and device's alert items from one {@link AlertState} to the next.
 * Applied in the batch's commit transaction so they happen exactly once with its marker.
 *
 * @param before       the state the changes were computed from (the writes are conditional on it)
 * @param after        the state after the changes
 * @param history      append-only HIST# records, one per transition
 * @param stateLog     seed 004 device state log entries, one per device state transition
 */
public record AlertChanges(AlertState before, AlertState after, List<Transition> history,
                           List<StateChange> stateLog) {

    public AlertChanges {
        history = List.copyOf(history);
        stateLog = List.copyOf(stateLog);
    }

    /** True when nothing changed, so the commit holds no alert writes. */
    public boolean isEmpty() {
        return before.equals(after) && history.isEmpty() && stateLog.isEmpty();
    }

    /** An alert fired or resolved at {@code atMs} (epoch ms) with the measured {@code value}. */
    public record Transition(AlertType type, String entity, boolean fired, long atMs, double value) {
    }

    /** The device went from {@code previous} (null at first) to {@code state} at {@code atMs}. */
    public record StateChange(DeviceState previous, DeviceState state, long atMs, String reason) {
    }
}
