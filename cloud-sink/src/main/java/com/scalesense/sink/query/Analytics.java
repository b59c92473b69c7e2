package com.scalesense.sink.query;

import com.scalesense.sink.admin.LocationProfile;
import com.scalesense.sink.admin.LocationSettingsStore;
import com.scalesense.sink.admin.NotFoundException;
import com.scalesense.sink.tables.TableNames;
import com.scalesense.sink.tables.Tables;
import com.scalesense.sink.validation.Fields;
import com.scalesense.sink.validation.InvalidInputException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The analytics seed 000 runs on Timestream, served from the DynamoDB readings store: level
 * history, pour rate and hours remaining, keg lifespan, pours by hour of day, battery trend.
 *
 * <p>Tap charts read the tap's current keg ({@code READINGS#keg#<keg_id>} from the tap config;
 * seed 000: "old keg data not mixed in"), or {@code READINGS#<tap_id>} when no keg is assigned.
 * Location-wide figures read every keg of the location (KEG#/META items in loc_id-index) plus
 * each tap's keg-less partition: one Query per partition, no scan.
 */
public final class Analytics {

    /** Readings live 30 days (seed 000 TTL); a day more lets a chart end at "now" and start at the oldest. */
    static final Duration MAX_LEVELS_SPAN = Duration.ofDays(31);

    private final Reads reads;
    private final ReadingsStore store;
    private final TapQueries taps;
    private final LocationSettingsStore settings;
    private final Clock clock;

    public Analytics(DynamoDbClient client, TableNames names, Clock clock) {
        this.reads = new Reads(client, names.scaleSense());
        this.store = new ReadingsStore(reads);
        this.taps = new TapQueries(client, names);
        this.settings = new LocationSettingsStore(client, names, clock);
        this.clock = clock;
    }

    /** The tap's level and battery chart over {@code range}, binned as {@link HistoryRange} says. */
    public LevelHistory levelHistory(String locId, String tapNumber, HistoryRange range) {
        Instant now = clock.instant();
        return LevelHistory.of(range, store.between(tapPartition(locId, tapNumber), now.minus(range.span()), now,
                Map.of()), now);
    }

    /** Gallons per hour over the location's rate_window_hours (default 6) and hours remaining. */
    public KegDrainRate pourRate(String locId, String tapNumber) {
        int window = settingsOf(locId).rateWindowHours();
        Instant now = clock.instant();
        return KegDrainRate.of(window, store.between(tapPartition(locId, tapNumber),
                now.minus(Duration.ofHours(window)), now, Map.of()));
    }

    /** Tapped-at, last reading, gallons poured and whole hours of one keg's life (30-day store). */
    public Optional<KegLifespan> kegLifespan(String kegId) {
        Fields.match("keg_id", kegId, Fields.KEG_ID);
        return KegLifespan.of(kegId, store.between(ReadingsStore.kegPartition(kegId), Instant.EPOCH,
                clock.instant(), Map.of()));
    }

    /**
     * One keg's level series over {@code [from, to]} (its own readings partition, 30-day store).
     *
     * @throws InvalidInputException unless {@code from < to} and the range is at most 31 days
     */
    public KegLevels kegLevels(String kegId, Instant from, Instant to) {
        Fields.match("keg_id", kegId, Fields.KEG_ID);
        if (!from.isBefore(to)) {
            throw new InvalidInputException("from", from, "must be before to (" + to + ")");
        }
        if (Duration.between(from, to).compareTo(MAX_LEVELS_SPAN) > 0) {
            throw new InvalidInputException("to", to, "must be at most 31 days after from (readings are kept 30 days)");
        }
        return KegLevels.of(kegId, from, to, store.between(ReadingsStore.kegPartition(kegId), from, to, Map.of()));
    }

    /** Average gallons poured per local hour of day over the last 30 days, all taps of the location. */
    public HourlyPours hourlyPours(String locId) {
        Instant now = clock.instant();
        Instant from = now.minus(Duration.ofDays(HourlyPours.WINDOW_DAYS));
        List<List<ReadingPoint>> perPartition = new ArrayList<>();
        for (String pk : locationPartitions(locId)) {
            perPartition.add(store.between(pk, from, now, Map.of()));
        }
        return HourlyPours.of(perPartition, settingsOf(locId).timezone());
    }

    /** Daily average and minimum battery_pct per scale of the location over the last 7 days. */
    public BatteryTrend batteryTrend(String locId) {
        Instant now = clock.instant();
        Map<String, String> hardwareToDevice = new HashMap<>();
        for (Item item : reads.index(Tables.LOC_ID_INDEX, "loc_id", Fields.match("loc_id", locId, Fields.LOC_ID))) {
            if (item.string("PK").startsWith("DEVICE#") && item.has("hardware_id")) {
                hardwareToDevice.put(item.string("hardware_id"), item.string("device_id"));
            }
        }
        List<ReadingPoint> all = new ArrayList<>();
        for (String pk : locationPartitions(locId)) {
            all.addAll(store.between(pk, BatteryTrend.windowStart(now), now, hardwareToDevice));
        }
        return BatteryTrend.of(all);
    }

    private String tapPartition(String locId, String tapNumber) {
        Item config = taps.tapConfig(locId, tapNumber)
                .orElseThrow(() -> new NotFoundException("tap", locId + "#TAP#" + tapNumber));
        String kegId = config.string("keg_id");
        return kegId != null ? ReadingsStore.kegPartition(kegId) : ReadingsStore.tapPartition(locId + "#TAP#" + tapNumber);
    }

    private List<String> locationPartitions(String locId) {
        List<String> pks = new ArrayList<>();
        for (Item item : reads.index(Tables.LOC_ID_INDEX, "loc_id", Fields.match("loc_id", locId, Fields.LOC_ID))) {
            if (item.string("PK").startsWith("KEG#")) {
                pks.add(ReadingsStore.kegPartition(item.string("PK").substring("KEG#".length())));
            }
        }
        for (TapView tap : taps.dashboard(locId)) {
            pks.add(ReadingsStore.tapPartition(locId + "#TAP#" + tap.tapNumber()));
        }
        return pks;
    }

    private LocationProfile settingsOf(String locId) {
        return settings.get(locId).orElse(LocationProfile.defaults(locId));
    }
}
