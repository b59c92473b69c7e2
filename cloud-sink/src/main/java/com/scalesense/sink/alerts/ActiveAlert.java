package com.scalesense.sink.alerts;

/**
 * The one active-alert item of (location, type, entity), overwritten in place (seed 000).
 *
 * @param type         alert kind
 * @param entity       {@code TAP#07} or {@code DEVICE#SCALE-0042}
 * @param firing       true while the condition holds, false once resolved
 * @param observedAtMs epoch ms of the reading (or check) that made the last transition; older input is ignored
 * @param value        the measured value at that transition (percent, or 0 when not numeric)
 */
public record ActiveAlert(AlertType type, String entity, boolean firing, long observedAtMs, double value) {
}
