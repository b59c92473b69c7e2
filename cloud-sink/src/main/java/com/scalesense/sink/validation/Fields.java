package com.scalesense.sink.validation;

import com.scalesense.protocol.Ids;
import com.scalesense.protocol.KegReference;
import com.scalesense.protocol.KegTypes;
import java.util.regex.Pattern;

/**
 * The identifier rules of Scale Sense in one place, checked once at the boundary. Ids never
 * contain {@code #}: it separates the parts of every DynamoDB key (seed 000).
 */
public final class Fields {

    /** e.g. {@code loc-001}. */
    public static final Pattern LOC_ID = Pattern.compile("^[a-z0-9][a-z0-9-]{0,47}$");
    /** Two digits, e.g. {@code 07} in {@code loc-001#TAP#07}. */
    public static final Pattern TAP_NUMBER = Pattern.compile("^[0-9]{2}$");
    /** Same rule as the protocol's topic names, e.g. {@code SCALE-0042}. */
    public static final Pattern DEVICE_ID = Pattern.compile("^[A-Z][A-Z0-9]*-[0-9]{4,}$");
    /** Seed 001 validation rule for hardware_id. */
    public static final Pattern HARDWARE_ID = Pattern.compile("^[0-9A-F]{2}(:[0-9A-F]{2}){5}$");
    /** A beer's own id, e.g. {@code guinness-draught}: the protocol's rule, so every scale takes it. */
    public static final Pattern BEER_ID = Ids.BEER_NAME;
    /** e.g. {@code keg-20260318-a1b2} (seed 000). */
    public static final Pattern KEG_ID = Pattern.compile("^keg-[0-9]{8}-[0-9A-Za-z_-]{3,8}$");

    /**
     * A global beer id, or {@code <loc_id>#<beer_id>} for a location's custom beer: the protocol's
     * beer_id, so a keg of any beer the cloud holds can be assigned on the scale (issue 17).
     */
    public static final Pattern BEER_REF = Ids.BEER_ID;

    private Fields() {
    }

    public static String match(String field, String value, Pattern pattern) {
        if (value == null || !pattern.matcher(value).matches()) {
            throw new InvalidInputException(field, value, "must match " + pattern.pattern());
        }
        return value;
    }

    /**
     * The reference row of keg type {@code id} (seed 000, {@link KegTypes}).
     *
     * @throws InvalidInputException naming {@code keg_type} if {@code id} is not in the table
     */
    public static KegReference kegType(String id) {
        return KegTypes.byId(id).orElseThrow(() -> new InvalidInputException("keg_type", id,
                "must be one of " + KegTypes.ALL.stream().map(KegReference::id).sorted().toList()));
    }

    /** @throws InvalidInputException naming {@code beer_id} and the protocol's rule unless {@code value} is one */
    public static String beerRef(String value) {
        if (!Ids.isBeerId(value)) {
            throw new InvalidInputException("beer_id", value, Ids.BEER_ID_RULE);
        }
        return value;
    }

    /** A non-blank text of at most {@code maxLength} characters, stripped. */
    public static String text(String field, String value, int maxLength) {
        if (value == null || value.isBlank()) {
            throw new InvalidInputException(field, value, "must not be blank");
        }
        String stripped = value.strip();
        if (stripped.length() > maxLength) {
            throw new InvalidInputException(field, value, "must be at most " + maxLength + " characters");
        }
        return stripped;
    }

    /** Like {@link #text} but {@code null} stays {@code null}. */
    public static String optionalText(String field, String value, int maxLength) {
        return value == null ? null : text(field, value, maxLength);
    }

    public static double range(String field, double value, double min, double max) {
        if (!(value >= min && value <= max)) {
            throw new InvalidInputException(field, value, "must be within [" + min + ", " + max + "]");
        }
        return value;
    }

    public static int range(String field, int value, int min, int max) {
        if (value < min || value > max) {
            throw new InvalidInputException(field, value, "must be within [" + min + ", " + max + "]");
        }
        return value;
    }
}
