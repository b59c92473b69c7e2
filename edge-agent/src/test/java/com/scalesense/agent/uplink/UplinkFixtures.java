package com.scalesense.agent.uplink;

import com.scalesense.agent.outbox.SealedBatch;
import com.scalesense.protocol.BootRegistration;
import com.scalesense.protocol.Capabilities;
import com.scalesense.protocol.MessageValidator;
import com.scalesense.protocol.ReadingsBatch;
import com.scalesense.protocol.WireCodec;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/** Valid identities and batches for uplink tests (values from seed 001's examples). */
final class UplinkFixtures {

    static final String DEVICE_ID = "SCALE-0042";
    static final String HARDWARE_ID = "AA:BB:CC:DD:EE:FF";
    static final String BOOT_ID = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
    static final String BATCHES = "scalesense/v1/SCALE-0042/batches";
    static final String REGISTRATION = "scalesense/v1/SCALE-0042/registration";
    static final String COMMANDS = "scalesense/v1/SCALE-0042/commands";

    private UplinkFixtures() {
    }

    private static BootRegistration registration(String deviceId) {
        return new BootRegistration(ReadingsBatch.SCHEMA_VERSION, HARDWARE_ID, deviceId, BOOT_ID, "1.0.16", "loc-001",
                "loc-001#TAP#07", new Capabilities(List.of("hx711", "max17048", "ds18b20"),
                        Map.of("offline_buffering", true)), 1_704_067_800_000L, true);
    }

    static BootAnnouncement announcement() {
        return announcement(DEVICE_ID);
    }

    /** The announcement of device {@code deviceId} (must match the protocol's device_id rule). */
    static BootAnnouncement announcement(String deviceId) {
        return BootAnnouncement.of(registration(deviceId), new WireCodec(), new MessageValidator());
    }

    /** Batch {@code n}: its id is a real batch_id with a one-minute window; its payload names the id. */
    static SealedBatch batch(int n) {
        long start = 1_704_067_200_000L + n * 60_000L;
        String id = HARDWARE_ID + "_" + BOOT_ID + "_" + start + "_" + (start + 59_999);
        return new SealedBatch(id, id.getBytes(StandardCharsets.UTF_8));
    }
}
