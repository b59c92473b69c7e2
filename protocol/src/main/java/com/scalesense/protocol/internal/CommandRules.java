package com.scalesense.protocol.internal;

import com.scalesense.protocol.KegTypes;
import com.scalesense.protocol.DeviceCommand;
import com.scalesense.protocol.Ids;
import com.scalesense.protocol.Violation;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The rules of a {@link DeviceCommand}. */
public final class CommandRules {

    public static final Set<String> TYPES = Set.of("tare_empty", "tare_full", "reload_config", "assign_keg",
            "set_low_keg");
    /** The cloud's settings refuse a longer grace period: a day (cloud-sink LocationProfile). */
    static final long MAX_GRACE_PERIOD_SECS = 86_400;
    static final String LOW_KEG_PCT_RULE = "must be a percentage, a number 0..100";
    static final String GRACE_PERIOD_RULE = "must be whole seconds 0.." + MAX_GRACE_PERIOD_SECS;
    static final int MAX_COMMAND_ID = 64;
    static final int MAX_ARGS = 16;
    static final int MAX_ARG_VALUE = 256;

    private CommandRules() {
    }

    public static List<Violation> check(DeviceCommand command) {
        var p = new Problems();
        if (!Ids.isSafeAscii(command.commandId(), MAX_COMMAND_ID)) {
            p.add("command_id", command.commandId(), "must be 1.." + MAX_COMMAND_ID + " characters of [A-Za-z0-9_:-]");
        }
        if (command.type() == null || !TYPES.contains(command.type())) {
            p.add("type", command.type(), "must be one of tare_empty, tare_full, reload_config, assign_keg, set_low_keg");
        }
        if (!Problems.isTimestamp(command.issuedAtMs())) {
            p.add("issued_at_ms", command.issuedAtMs(), Problems.TIMESTAMP_RULE);
        }
        Map<String, String> args = command.args();
        if (args.size() > MAX_ARGS) {
            p.add("args", args.size() + " entries", "must have at most " + MAX_ARGS + " entries");
        }
        for (var arg : args.entrySet()) {
            p.name("args", arg.getKey(), "argument name");
            if (arg.getValue().length() > MAX_ARG_VALUE) {
                p.add("args." + arg.getKey(), arg.getValue(), "must be at most " + MAX_ARG_VALUE + " characters");
            }
        }
        boolean assign = "assign_keg".equals(command.type());
        String kegId = args.get("keg_id");
        if ((assign || kegId != null) && !Ids.isKegId(kegId)) {
            p.add("args.keg_id", kegId, (assign ? "is required for assign_keg and " : "") + KegRules.KEG_ID_RULE);
        }
        String kegType = args.get("keg_type");
        if ((assign || kegType != null) && !KegTypes.isKegType(kegType)) {
            p.add("args.keg_type", kegType, (assign ? "is required for assign_keg and " : "") + KegRules.KEG_TYPE_RULE);
        }
        String full = args.get("full");
        if (full != null && !full.equals("true") && !full.equals("false")) {
            p.add("args.full", full, "must be true or false when given");
        }
        String beerId = args.get("beer_id");
        if (beerId != null && !Ids.isBeerId(beerId)) {
            p.add("args.beer_id", beerId, KegRules.BEER_ID_RULE);
        }
        lowKeg(command, p);
        return p.toList();
    }

    /** {@code set_low_keg}: args.low_keg_pct (decimal text 0..100) and args.grace_period_secs (whole 0..86 400), both required. */
    private static void lowKeg(DeviceCommand command, Problems p) {
        if (!"set_low_keg".equals(command.type())) {
            return;
        }
        String pct = command.args().get("low_keg_pct");
        if (!isLowKegPct(pct)) {
            p.add("args.low_keg_pct", pct, "is required for set_low_keg and " + LOW_KEG_PCT_RULE);
        }
        String grace = command.args().get("grace_period_secs");
        if (!isGracePeriodSecs(grace)) {
            p.add("args.grace_period_secs", grace, "is required for set_low_keg and " + GRACE_PERIOD_RULE);
        }
    }

    /** True for a valid {@code args.low_keg_pct}: decimal text 0..100. */
    private static boolean isLowKegPct(String text) {
        return text != null && text.matches("^[0-9]{1,3}(\\.[0-9]{1,6})?$") && Double.parseDouble(text) <= 100;
    }

    /** True for a valid {@code args.grace_period_secs}: whole seconds 0..{@link #MAX_GRACE_PERIOD_SECS}. */
    private static boolean isGracePeriodSecs(String text) {
        return text != null && text.matches("^[0-9]{1,6}$") && Long.parseLong(text) <= MAX_GRACE_PERIOD_SECS;
    }
}
