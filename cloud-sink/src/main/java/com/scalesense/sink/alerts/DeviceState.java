package com.scalesense.sink.alerts;

/** Seed 004's device states, worst last. ERROR entries are escalated (sparse escalation index). */
public enum DeviceState {
    OK,
    WARNING,
    ERROR
}
