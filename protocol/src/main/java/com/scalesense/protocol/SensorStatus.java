package com.scalesense.protocol;

/** Health of one sensor at the time of a reading; on the wire "ok" or "error" (seed 001). */
public enum SensorStatus {
    OK,
    ERROR
}
