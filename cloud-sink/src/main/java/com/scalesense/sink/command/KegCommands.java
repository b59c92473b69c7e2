package com.scalesense.sink.command;

import com.scalesense.protocol.DeviceCommand;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The {@code assign_keg} command of a keg assignment (docs/protocol.md, DeviceCommand). Its
 * command_id is derived from the keg_id, so every send of one assignment carries the same id
 * and the scale applies it once per boot; assigning the same keg again is a no-op on the scale
 * (it keeps what it measured of that keg), so a later redelivery is harmless too.
 */
public final class KegCommands {

    /** {@code assign-} + keg_id: at most 6 + 21 characters of the command_id rule [A-Za-z0-9_:-]. */
    static final String PREFIX = "assign-";

    private KegCommands() {
    }

    /** The command_id every send of the assignment of {@code kegId} carries. */
    public static String commandId(String kegId) {
        return PREFIX + kegId;
    }

    /**
     * @param beerId  a global beer (guinness-draught) or a location's custom one (loc-001#house-ale)
     * @param sg      the beer's specific gravity, dimensionless; sent as decimal text (args are strings)
     * @param issuedAtMs when the assignment was made in the cloud, epoch ms (the same on every send)
     */
    public static DeviceCommand assignKeg(String kegId, String kegType, String beerId, double sg, long issuedAtMs) {
        return assignKeg(kegId, kegType, beerId, sg, issuedAtMs, false);
    }

    /**
     * As above; {@code full}: the assignment says the keg is new and full from the brewery, so the
     * scale takes its weight when set down as its full weight (tare_status full_set) and claims its
     * level. Sent as {@code args.full = "true"} only when true: an assignment without it keeps the
     * bytes it had before the flag existed, and the scale reads an absent flag as false.
     */
    public static DeviceCommand assignKeg(String kegId, String kegType, String beerId, double sg, long issuedAtMs,
                                          boolean full) {
        Map<String, String> args = new HashMap<>();
        args.put("keg_id", kegId);
        args.put("keg_type", kegType);
        if (beerId != null) {
            args.put("beer_id", beerId);
        }
        args.put("sg", String.format(Locale.ROOT, "%.3f", sg));
        if (full) {
            args.put("full", "true");
        }
        return new DeviceCommand(commandId(kegId), "assign_keg", args, issuedAtMs);
    }
}
