package com.scalesense.demo.cloud;

import com.scalesense.demo.DemoException;
import com.scalesense.demo.scale.TapPlan;
import com.scalesense.sink.admin.KegAssigner;
import com.scalesense.sink.admin.KegIds;
import com.scalesense.sink.admin.LocationProfile;
import com.scalesense.sink.admin.LocationSettingsStore;
import com.scalesense.sink.command.ScaleCommands;
import com.scalesense.sink.seed.SeedData;
import com.scalesense.sink.seed.SeedLoader;
import com.scalesense.sink.seed.SeedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Prepares the bar the way an operator would, with the admin module's own operations: loads the
 * repository's seeds (beer library, keg types, the demo location with its taps and scales) with
 * {@code SeedLoader}, writes the location settings, and assigns a keg of each tap's beer with
 * {@code KegAssigner}, which sends {@code assign_keg} through {@code commands} (issue 17; the scales
 * start with that keg, so their first readings apply it). Taps beyond the four seeded ones are
 * added to the seed data first.
 */
public final class BarSetup {

    /** The seed files, copied into the jar from the repository's {@code seeds/} at build time. */
    private static final List<String> SEED_FILES = List.of("beers.json", "keg-types.json", "locations.json");
    /** Demo grace period before a low keg alerts, seconds: 10 minutes of the bar's time. */
    public static final int GRACE_PERIOD_SECS = 600;

    private BarSetup() {
    }

    /**
     * @return keg_id assigned to each tap, by tap number
     */
    public static Map<String, String> prepare(LocalTables tables, ScaleCommands commands, String locId,
                                              List<TapPlan> taps, Path workDir, Clock clock, long seed) {
        SeedData seeds = withTaps(SeedReader.read(extractSeeds(workDir)), locId, taps);
        new SeedLoader(tables.client(), tables.names(), clock).load(seeds);
        new LocationSettingsStore(tables.client(), tables.names(), clock).put(locId, new LocationProfile(
                "Demo Taproom", ZoneId.of("America/Chicago"), LocalTime.of(6, 0), GRACE_PERIOD_SECS, 15, 20, 900, 6));
        KegAssigner assigner = new KegAssigner(tables.client(), tables.names(), clock,
                new KegIds(clock, new Random(seed)), commands);
        Map<String, String> kegs = new LinkedHashMap<>();
        for (TapPlan tap : taps) {
            kegs.put(tap.tapNumber(), assigner.assign(locId, tap.tapNumber(), tap.beerRef(),
                    tap.kegType().wireName()).kegId());
        }
        return kegs;
    }

    private static SeedData withTaps(SeedData seeds, String locId, List<TapPlan> taps) {
        List<SeedData.SeedLocation> locations = new ArrayList<>();
        for (SeedData.SeedLocation l : seeds.locations()) {
            if (!l.locId().equals(locId)) {
                locations.add(l);
                continue;
            }
            List<SeedData.SeedTap> all = new ArrayList<>(l.taps());
            for (TapPlan tap : taps) {
                if (all.stream().noneMatch(t -> t.tapNumber().equals(tap.tapNumber()))) {
                    all.add(new SeedData.SeedTap(tap.tapNumber(), "Tap " + Integer.parseInt(tap.tapNumber()),
                            tap.deviceId(), tap.hardwareId()));
                }
            }
            locations.add(new SeedData.SeedLocation(l.locId(), l.settings(), all));
        }
        return new SeedData(seeds.beers(), locations);
    }

    private static Path extractSeeds(Path workDir) {
        try {
            Path dir = Files.createDirectories(workDir.resolve("seeds"));
            for (String name : SEED_FILES) {
                try (InputStream in = BarSetup.class.getResourceAsStream("/seeds/" + name)) {
                    if (in == null) {
                        throw new DemoException("seed file seeds/" + name + " is missing from the demo jar: rebuild it");
                    }
                    Files.copy(in, dir.resolve(name), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                }
            }
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException("seeds cannot be written under " + workDir, e);
        }
    }
}
