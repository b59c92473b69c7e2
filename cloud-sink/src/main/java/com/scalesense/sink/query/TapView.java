package com.scalesense.sink.query;

/**
 * One tap on the dashboard: its config ({@code TAP#nn}: beer, keg, scale) joined with its hot
 * state ({@code TAP#nn#STATE}: level_pct, gallons, ...). Either may be null when not yet written.
 *
 * @param tapNumber e.g. {@code 07}
 */
public record TapView(String tapNumber, Item config, Item state) {
}
