package com.scalesense.sink.seed;

import static com.scalesense.sink.tables.Attr.n;
import static com.scalesense.sink.tables.Attr.s;

import com.scalesense.protocol.KegReference;
import com.scalesense.sink.admin.BeerItems;
import com.scalesense.sink.admin.DeviceRegistry;
import com.scalesense.sink.admin.SettingsItems;
import com.scalesense.sink.seed.SeedData.SeedBeer;
import com.scalesense.sink.seed.SeedData.SeedLocation;
import com.scalesense.sink.seed.SeedData.SeedTap;
import com.scalesense.sink.tables.Attr;
import com.scalesense.sink.tables.ItemKey;
import com.scalesense.sink.tables.Keys;
import com.scalesense.sink.tables.Table;
import com.scalesense.sink.tables.TableNames;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Writes validated {@link SeedData} into the {@code scale-sense} table, create-if-absent: every
 * item is put with {@code attribute_not_exists(PK)}, so loading twice leaves the same items and
 * never overwrites what operators or real tares changed since (a measured
 * {@code BEER#/KEG#} weight, edited settings, a keg assigned to a seeded tap).
 */
public final class SeedLoader {

    /** @param written items created; @param skipped items that already existed and were left alone */
    public record Report(int written, int skipped) {
    }

    private final Table table;
    private final Clock clock;

    public SeedLoader(DynamoDbClient client, TableNames names, Clock clock) {
        this.table = new Table(client, names.scaleSense());
        this.clock = clock;
    }

    public Report load(SeedData seeds) {
        List<Map<String, AttributeValue>> items = items(seeds, clock.instant());
        int written = 0;
        for (Map<String, AttributeValue> item : items) {
            // Seeds never overwrite: the existing item may carry a real measurement.
            if (table.putIfAbsent(item, ItemKey.PK)) {
                written++;
            }
        }
        return new Report(written, items.size() - written);
    }

    static List<Map<String, AttributeValue>> items(SeedData seeds, Instant now) {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        for (SeedBeer b : seeds.beers()) {
            items.add(BeerItems.meta(b.beer(), Keys.beerMeta(b.beer().ref()), now));
            items.add(BeerItems.meta(b.beer(), Keys.beerCatalogEntry(Keys.BEER_CATALOG_GLOBAL, b.beer().ref()), now));
            for (KegReference type : b.kegTypes()) {
                // No measured_at: seed 000 shows these with the "default" badge until a real tare.
                Map<String, AttributeValue> weights = withKey(Keys.beerKeg(b.beer().ref(), type.id()));
                weights.put("keg_type", s(type.id()));
                weights.put("gallons", n(type.gallons()));
                weights.put("full_lbs", n(type.fullLbs()));
                weights.put("empty_lbs", n(type.emptyLbs()));
                items.add(weights);
            }
        }
        for (SeedLocation l : seeds.locations()) {
            items.add(SettingsItems.item(l.locId(), l.settings(), now));
            for (SeedTap t : l.taps()) {
                String tapId = l.locId() + "#TAP#" + t.tapNumber();
                Map<String, AttributeValue> tap = withKey(Keys.tapConfig(l.locId(), t.tapNumber()));
                tap.put("tap_id", s(tapId));
                tap.put("name", s(t.name()));
                tap.put(DeviceRegistry.TAP_DEVICE, s(t.deviceId()));
                items.add(tap);
                Map<String, AttributeValue> device = withKey(Keys.deviceMeta(t.deviceId()));
                device.put("device_id", s(t.deviceId()));
                device.put("hardware_id", s(t.hardwareId()));
                device.put("loc_id", s(l.locId()));
                device.put("tap_id", s(tapId));
                items.add(device);
            }
        }
        return items;
    }

    private static Map<String, AttributeValue> withKey(ItemKey key) {
        return new HashMap<>(Attr.key(key));
    }
}
