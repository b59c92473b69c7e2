package com.scalesense.sink.store;

import com.scalesense.protocol.DeviceEvent;

/** A tare event to record in its three places (seed 000 dual write plus beer keg weights); {@code beerId} may be null. */
public record TareUpdate(String deviceId, DeviceEvent.Tare tare, String beerId) {
}
