package com.scalesense.protocol.internal;

import com.scalesense.protocol.Ids;
import com.scalesense.protocol.ReadingsBatch;

/** The header fields a batch and a registration share: who sent it, from which boot, for which tap. */
final class IdentityRules {

    private IdentityRules() {
    }

    static void check(Problems p, int schemaVersion, String hardwareId, String deviceId, String bootId,
                      String firmwareVersion, String locId, String tapId) {
        if (schemaVersion != ReadingsBatch.SCHEMA_VERSION) {
            p.add("schema_version", schemaVersion, "must be " + ReadingsBatch.SCHEMA_VERSION);
        }
        if (!Ids.isMac(hardwareId)) {
            p.add("hardware_id", hardwareId, "must be an upper-case MAC address AA:BB:CC:DD:EE:FF, regex "
                    + Ids.MAC.pattern() + " (seed 001)");
        }
        if (!Ids.isDeviceId(deviceId)) {
            p.add("device_id", deviceId, "must match " + Ids.DEVICE_ID.pattern() + ", e.g. SCALE-0042");
        }
        if (!Ids.isUuidV4(bootId)) {
            p.add("boot_id", bootId, "must be a lower-case UUID v4 (version nibble 4, variant bits 10, seed 001)");
        }
        if (firmwareVersion == null || firmwareVersion.isEmpty() || firmwareVersion.length() > 32) {
            p.add("firmware_version", firmwareVersion, "must be 1..32 characters");
        } else if (!Ids.isFirmwareVersion(firmwareVersion)) {
            p.add("firmware_version", firmwareVersion, "must be semver MAJOR.MINOR.PATCH[-pre][+build], e.g. 1.0.16");
        }
        if (!Ids.isLocId(locId)) {
            p.add("loc_id", locId, "must match " + Ids.LOC_ID.pattern() + ", e.g. loc-001");
        }
        if (!Ids.isTapId(tapId)) {
            p.add("tap_id", tapId, "must be {loc_id}#TAP#{two digits}, e.g. loc-001#TAP#07");
        } else if (locId != null && !Ids.tapBelongsTo(tapId, locId)) {
            p.add("tap_id", tapId, "must belong to loc_id " + locId);
        }
    }
}
