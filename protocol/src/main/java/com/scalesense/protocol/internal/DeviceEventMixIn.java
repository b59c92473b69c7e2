package com.scalesense.protocol.internal;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.scalesense.protocol.DeviceEvent;

/** Gives {@link DeviceEvent} its {@code "type"} discriminator without annotating the records. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "type")
@JsonSubTypes({
        @JsonSubTypes.Type(value = DeviceEvent.Pour.class, name = "pour"),
        @JsonSubTypes.Type(value = DeviceEvent.KegSwap.class, name = "keg_swap"),
        @JsonSubTypes.Type(value = DeviceEvent.Tare.class, name = "tare"),
        @JsonSubTypes.Type(value = DeviceEvent.SensorError.class, name = "sensor_error")
})
interface DeviceEventMixIn {
}
