package com.scalesense.sink.seed;

import com.scalesense.protocol.KegReference;
import com.scalesense.sink.admin.Beer;
import com.scalesense.sink.admin.LocationProfile;
import java.util.List;

/**
 * The validated contents of {@code seeds/}: what {@link SeedLoader} writes.
 *
 * @param beers     global beer profiles, each with the keg types it is sold in
 * @param locations demo locations with their settings, taps and scales
 */
public record SeedData(List<SeedBeer> beers, List<SeedLocation> locations) {

    public SeedData {
        beers = List.copyOf(beers);
        locations = List.copyOf(locations);
    }

    /** @param kegTypes the keg types whose reference weights are stored under this beer */
    public record SeedBeer(Beer beer, List<KegReference> kegTypes) {
        public SeedBeer {
            kegTypes = List.copyOf(kegTypes);
        }
    }

    public record SeedLocation(String locId, LocationProfile settings, List<SeedTap> taps) {
        public SeedLocation {
            taps = List.copyOf(taps);
        }
    }

    /**
     * @param tapNumber  two digits, e.g. {@code 01}
     * @param deviceId   the scale under this tap, e.g. {@code SCALE-0001}
     * @param hardwareId its MAC, e.g. {@code B8:27:EB:00:00:01}
     */
    public record SeedTap(String tapNumber, String name, String deviceId, String hardwareId) {
    }
}
