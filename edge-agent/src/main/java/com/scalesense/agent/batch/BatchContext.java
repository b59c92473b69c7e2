package com.scalesense.agent.batch;

import java.util.Objects;

/**
 * Who took a reading and for which keg: the header of the batch it will travel in. Readings
 * with different contexts never share a batch, so a keg change always starts a new batch.
 * Shapes are checked by the protocol's {@code MessageValidator} when a reading is recorded.
 *
 * @param kegId null when no keg is assigned to the tap
 */
public record BatchContext(String hardwareId, String deviceId, String bootId, String firmwareVersion,
                           String locId, String tapId, String kegId) {

    private static final String VERSION = "ctx1";
    private static final char SEP = '|';

    public BatchContext {
        for (String[] f : new String[][] {{"hardware_id", hardwareId}, {"device_id", deviceId}, {"boot_id", bootId},
                {"firmware_version", firmwareVersion}, {"loc_id", locId}, {"tap_id", tapId}}) {
            Objects.requireNonNull(f[1], f[0] + " must not be null.");
        }
        for (String v : new String[] {hardwareId, deviceId, bootId, firmwareVersion, locId, tapId, kegId}) {
            if (v != null && v.indexOf(SEP) >= 0) {
                throw new IllegalArgumentException("batch context fields must not contain '" + SEP + "', was '" + v + "'.");
            }
        }
    }

    /** This context for a new keg on the same tap. */
    public BatchContext withKeg(String newKegId) {
        return new BatchContext(hardwareId, deviceId, bootId, firmwareVersion, locId, tapId, newKegId);
    }

    /** The outbox group string: equal contexts give equal strings, and {@link #ofGroup} reverses it. */
    public String group() {
        return String.join(String.valueOf(SEP), VERSION, hardwareId, deviceId, bootId, firmwareVersion, locId, tapId,
                kegId == null ? "" : kegId);
    }

    /** Parses {@link #group()}; throws if {@code group} was not made by it. */
    public static BatchContext ofGroup(String group) {
        String[] f = group.split("\\|", -1);
        if (f.length != 8 || !VERSION.equals(f[0])) {
            throw new IllegalArgumentException("outbox group must be a " + VERSION + " batch context, was '" + group + "'.");
        }
        return new BatchContext(f[1], f[2], f[3], f[4], f[5], f[6], f[7].isEmpty() ? null : f[7]);
    }
}
