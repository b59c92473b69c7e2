package com.scalesense.sink.seed;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.scalesense.protocol.KegReference;
import com.scalesense.protocol.KegTypes;
import com.scalesense.sink.admin.Beer;
import com.scalesense.sink.admin.LocationProfile;
import com.scalesense.sink.seed.SeedData.SeedBeer;
import com.scalesense.sink.seed.SeedData.SeedLocation;
import com.scalesense.sink.seed.SeedData.SeedTap;
import com.scalesense.sink.validation.Fields;
import com.scalesense.sink.validation.InvalidInputException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads and validates {@code keg-types.json}, {@code beers.json} and {@code locations.json}
 * from a seeds directory. Everything is checked before anything is returned, so a bad file
 * writes nothing. Errors name the file and field.
 */
public final class SeedReader {

    private static final ObjectMapper JSON = new ObjectMapper();

    private SeedReader() {
    }

    public static SeedData read(Path dir) {
        checkKegTypes(tree(dir.resolve("keg-types.json")));
        List<SeedBeer> beers = new ArrayList<>();
        Set<String> beerIds = new HashSet<>();
        for (JsonNode b : tree(dir.resolve("beers.json")).path("beers")) {
            Beer beer = new Beer(text(b, "id"), null, text(b, "name"), text(b, "brewery"), text(b, "style"),
                    b.hasNonNull("abv") ? b.get("abv").asDouble() : null, number(b, "specific_gravity"));
            unique("beers.json id", beer.id(), beerIds);
            List<KegReference> types = new ArrayList<>();
            b.path("keg_types").forEach(t -> types.add(Fields.kegType(t.asText())));
            beers.add(new SeedBeer(beer, types));
        }
        List<SeedLocation> locations = new ArrayList<>();
        Set<String> deviceIds = new HashSet<>();
        for (JsonNode l : tree(dir.resolve("locations.json")).path("locations")) {
            String locId = Fields.match("loc_id", text(l, "loc_id"), Fields.LOC_ID);
            List<SeedTap> taps = new ArrayList<>();
            Set<String> tapNumbers = new HashSet<>();
            for (JsonNode t : l.path("taps")) {
                SeedTap tap = new SeedTap(Fields.match("tap_number", text(t, "tap_number"), Fields.TAP_NUMBER),
                        Fields.text("name", text(t, "name"), 60),
                        Fields.match("device_id", text(t, "device_id"), Fields.DEVICE_ID),
                        Fields.match("hardware_id", text(t, "hardware_id"), Fields.HARDWARE_ID));
                unique("tap_number", tap.tapNumber(), tapNumbers);
                unique("device_id", tap.deviceId(), deviceIds);
                taps.add(tap);
            }
            locations.add(new SeedLocation(locId, settings(l.path("settings")), taps));
        }
        return new SeedData(beers, locations);
    }

    private static LocationProfile settings(JsonNode s) {
        LocationProfile d = LocationProfile.defaults(text(s, "name"));
        return new LocationProfile(d.name(),
                s.has("timezone") ? LocationProfile.parseTimezone(text(s, "timezone")) : d.timezone(),
                s.has("business_day_ends_at") ? LocationProfile.parseBusinessDayEnd(text(s, "business_day_ends_at"))
                        : d.businessDayEndsAt(),
                whole(s, "grace_period_secs", d.gracePeriodSecs()), whole(s, "low_keg_pct", d.lowKegPct()),
                whole(s, "low_battery_pct", d.lowBatteryPct()),
                whole(s, "offline_after_secs", d.offlineAfterSecs()),
                whole(s, "rate_window_hours", d.rateWindowHours()));
    }

    /** The file must list exactly seed 000's reference table, so the two cannot drift. */
    private static void checkKegTypes(JsonNode root) {
        List<KegReference> inFile = new ArrayList<>();
        for (JsonNode t : root.path("keg_types")) {
            inFile.add(new KegReference(text(t, "id"), number(t, "gallons"), number(t, "full_lbs"), number(t, "empty_lbs")));
        }
        if (!inFile.equals(KegTypes.ALL)) {
            throw new InvalidInputException("keg-types.json", inFile, "must equal seed 000's table " + KegTypes.ALL);
        }
    }

    private static void unique(String field, String value, Set<String> seen) {
        if (!seen.add(value)) {
            throw new InvalidInputException(field, value, "must be unique in the seeds");
        }
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }

    private static double number(JsonNode node, String field) {
        JsonNode v = node.get(field);
        if (v == null || !v.isNumber()) {
            throw new InvalidInputException(field, v, "must be a number");
        }
        return v.asDouble();
    }

    /** An optional whole number; present but not an integer is an error, never the default. */
    private static int whole(JsonNode node, String field, int fallback) {
        JsonNode v = node.get(field);
        if (v == null) {
            return fallback;
        }
        if (!v.canConvertToInt() || !v.isIntegralNumber()) {
            throw new InvalidInputException(field, v, "must be a whole number");
        }
        return v.intValue();
    }

    private static JsonNode tree(Path file) {
        try {
            return JSON.readTree(file.toFile());
        } catch (JsonProcessingException e) {
            throw new InvalidInputException(file.getFileName().toString(), e.getOriginalMessage(), "must be valid JSON");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read seed file " + file, e);
        }
    }
}
