package com.scalesense.protocol;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.regex.Pattern;

/**
 * The identifier formats of the contract, compiled once. Every check is null-safe (null is
 * never valid) and thread-safe. Both ends use these, and {@link Topics} uses {@link #DEVICE_ID},
 * so each format has exactly one definition.
 */
public final class Ids {

    /** Seed 001 hardware_id: upper-case MAC, colon separated. */
    public static final Pattern MAC = Pattern.compile("^[0-9A-F]{2}(?::[0-9A-F]{2}){5}$");

    /**
     * Seed 001 UUID v4: version nibble 4 (byte 6 bits 4-7 = 0100), variant bits 10 (byte 8
     * bits 6-7, so the nibble is 8, 9, a or b). Lower case only: {@code UUID.toString()} writes
     * lower case, and one boot must have one spelling or it would have two batch_ids.
     */
    public static final Pattern UUID_V4 = Pattern.compile(
            "^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$");

    /** Seed 000 device_id, e.g. {@code SCALE-0042}. */
    public static final Pattern DEVICE_ID = Pattern.compile("^[A-Z][A-Z0-9]*-[0-9]{4,}$");

    /** Seed 000 loc_id, e.g. {@code loc-001}. */
    public static final Pattern LOC_ID = Pattern.compile("^loc-[0-9]{3,6}$");

    /** Seed 000 tap_id: the location, {@code #TAP#} and a two-digit tap number. */
    public static final Pattern TAP_ID = Pattern.compile("^(loc-[0-9]{3,6})#TAP#[0-9]{2}$");

    /**
     * Seed 000 keg_id {@code keg-YYYYMMDD-xxxx}: a date and 3..8 characters of the nanoid
     * alphabet (seed 000 shows both {@code keg-20260318-007} and {@code nanoid(4)}).
     */
    public static final Pattern KEG_ID = Pattern.compile("^keg-([0-9]{4})([0-9]{2})([0-9]{2})-[A-Za-z0-9_-]{3,8}$");

    /** A beer's own name part: 1..64 characters of lower-case words joined by single hyphens. */
    private static final String BEER_WORDS = "(?=[a-z0-9-]{1,64}$)[a-z0-9]+(?:-[a-z0-9]+)*";

    /** A beer's own name, the part after a custom beer's {@code loc_id#}, e.g. {@code house-ale}. */
    public static final Pattern BEER_NAME = Pattern.compile("^" + BEER_WORDS + "$");

    /**
     * Seed 000 beer_id: a global beer, e.g. {@code guinness-draught} ({@code BEER#guinness-draught}),
     * or a location's custom beer, its loc_id and {@code #} before the name, e.g.
     * {@code loc-001#house-ale} ({@code BEER#loc-001#house-ale}). The loc_id part follows
     * {@link #LOC_ID}; group 1 is it, or null for a global beer.
     */
    public static final Pattern BEER_ID = Pattern.compile("^(?:(loc-[0-9]{3,6})#)?" + BEER_WORDS + "$");

    /** The rule of {@link #BEER_ID} in words, for messages that name the field and the rule. */
    public static final String BEER_ID_RULE = "must be 1..64 lower-case words joined by '-', e.g. guinness-draught,"
            + " or a location's custom beer: its loc_id and '#' before them, e.g. loc-001#house-ale (seed 000)";

    /** Semver-ish firmware_version, e.g. {@code 1.0.16} or {@code 0.1.0-SNAPSHOT}, at most 32 chars. */
    public static final Pattern FIRMWARE_VERSION = Pattern.compile(
            "^(?=.{1,32}$)[0-9]+\\.[0-9]+\\.[0-9]+(?:[-+][0-9A-Za-z.+-]+)?$");

    /** A sensor, feature or argument name, e.g. {@code hx711}: 1..32 of {@code [a-z0-9_]}. */
    public static final Pattern NAME = Pattern.compile("^[a-z0-9_]{1,32}$");

    /**
     * Safe ASCII for opaque ids (batch_id, command_id). Seed 001 says alphanumeric, underscore
     * and hyphen, but its own batch_id example carries the MAC's colons, so ':' is allowed too.
     */
    public static final Pattern SAFE_ASCII = Pattern.compile("^[A-Za-z0-9_:-]+$");

    private Ids() {
    }

    public static boolean isMac(String s) {
        return s != null && MAC.matcher(s).matches();
    }

    public static boolean isUuidV4(String s) {
        return s != null && UUID_V4.matcher(s).matches();
    }

    public static boolean isDeviceId(String s) {
        return s != null && DEVICE_ID.matcher(s).matches();
    }

    public static boolean isLocId(String s) {
        return s != null && LOC_ID.matcher(s).matches();
    }

    public static boolean isTapId(String s) {
        return s != null && TAP_ID.matcher(s).matches();
    }

    /** True when {@code tapId} is a tap_id whose location part is exactly {@code locId}. */
    public static boolean tapBelongsTo(String tapId, String locId) {
        if (tapId == null || locId == null) {
            return false;
        }
        var m = TAP_ID.matcher(tapId);
        return m.matches() && m.group(1).equals(locId);
    }

    /** True for {@code keg-YYYYMMDD-xxxx} where YYYYMMDD is a real calendar date. */
    public static boolean isKegId(String s) {
        if (s == null) {
            return false;
        }
        var m = KEG_ID.matcher(s);
        if (!m.matches()) {
            return false;
        }
        try {
            LocalDate.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)));
            return true;
        } catch (DateTimeException e) {
            return false;
        }
    }

    public static boolean isBeerId(String s) {
        return s != null && BEER_ID.matcher(s).matches();
    }

    /**
     * The location a custom beer belongs to ({@code loc-001} of {@code loc-001#house-ale}), or null
     * for a global beer or a string that is no beer_id.
     */
    public static String customBeerLocation(String beerId) {
        if (beerId == null) {
            return null;
        }
        var m = BEER_ID.matcher(beerId);
        return m.matches() ? m.group(1) : null;
    }

    public static boolean isFirmwareVersion(String s) {
        return s != null && FIRMWARE_VERSION.matcher(s).matches();
    }

    public static boolean isName(String s) {
        return s != null && NAME.matcher(s).matches();
    }

    /** True for 1..{@code maxLength} characters of {@link #SAFE_ASCII}. */
    public static boolean isSafeAscii(String s, int maxLength) {
        return s != null && !s.isEmpty() && s.length() <= maxLength && SAFE_ASCII.matcher(s).matches();
    }
}
