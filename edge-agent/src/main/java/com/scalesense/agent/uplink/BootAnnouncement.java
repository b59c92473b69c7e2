package com.scalesense.agent.uplink;

import com.scalesense.protocol.BootRegistration;
import com.scalesense.protocol.MessageValidator;
import com.scalesense.protocol.Topics;
import com.scalesense.protocol.WireCodec;

/**
 * This boot's {@link BootRegistration}, validated and encoded once, so the very same bytes go
 * out on every connection of the boot (the sink upserts seed 001's {@code devices} row from it).
 *
 * @param deviceId the device_id it was made for
 * @param topic    {@link Topics#registration(String)} of that device
 * @param payload  the encoded registration; callers must not modify it
 */
public record BootAnnouncement(String deviceId, String topic, byte[] payload) {

    /**
     * @throws com.scalesense.protocol.ProtocolException naming the field if {@code registration} breaks a rule
     */
    public static BootAnnouncement of(BootRegistration registration, WireCodec codec, MessageValidator validator) {
        validator.requireValid(registration);
        return new BootAnnouncement(registration.deviceId(), Topics.registration(registration.deviceId()),
                codec.encode(registration));
    }
}
