package com.scalesense.sink.seed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scalesense.sink.tables.Attr;
import com.scalesense.sink.tables.Keys;
import com.scalesense.sink.tables.TableNames;
import com.scalesense.sink.testing.WithLocalDynamo;
import com.scalesense.sink.validation.InvalidInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class SeedLoaderIT extends WithLocalDynamo {

    static final Path SEEDS = Path.of("..", "seeds");

    final Clock clock = Clock.fixed(Instant.parse("2026-11-20T12:00:00Z"), ZoneOffset.UTC);


    @Test
    void loads_the_repository_seeds_and_a_second_run_writes_nothing_and_changes_nothing() {
        // given fresh tables and the seeds in the repository
        TableNames names = dynamo.freshTables();
        SeedData seeds = SeedReader.read(SEEDS);
        SeedLoader loader = new SeedLoader(dynamo.client(), names, clock);

        // when loaded twice, the second time with a later clock
        SeedLoader.Report first = loader.load(seeds);
        Map<String, AttributeValue> guinnessBefore = get(names, Keys.beerMeta("guinness-draught"));
        SeedLoader.Report second = new SeedLoader(dynamo.client(), names,
                Clock.offset(clock, java.time.Duration.ofDays(1))).load(seeds);

        // then 10 beers × (META + catalog) + 19 keg weights + settings + 4 × (tap + device) = 48 items, once
        assertThat(first).isEqualTo(new SeedLoader.Report(48, 0));
        assertThat(second).isEqualTo(new SeedLoader.Report(0, 48));
        assertThat(get(names, Keys.beerMeta("guinness-draught"))).isEqualTo(guinnessBefore);
        assertThat(Attr.dec(guinnessBefore, "specific_gravity")).isEqualTo(1.014);
        Map<String, AttributeValue> half = get(names, Keys.beerKeg("guinness-draught", "half_barrel"));
        assertThat(Attr.dec(half, "full_lbs")).isEqualTo(161.5);
        assertThat(Attr.dec(half, "empty_lbs")).isEqualTo(29.0);
        assertThat(half).doesNotContainKey("measured_at");
        Map<String, AttributeValue> device = get(names, Keys.deviceMeta("SCALE-0003"));
        assertThat(Attr.str(device, "tap_id")).isEqualTo("loc-001#TAP#03");
        assertThat(Attr.str(device, "hardware_id")).isEqualTo("B8:27:EB:00:00:03");
        assertThat(Attr.str(get(names, Keys.locationSettings("loc-001")), "timezone")).isEqualTo("America/Chicago");
    }

    @Test
    void does_not_overwrite_a_keg_weight_measured_by_a_real_tare() {
        // given seeds loaded, then a real full tare measured Guinness half barrels at 163.2 lb
        TableNames names = dynamo.freshTables();
        SeedLoader loader = new SeedLoader(dynamo.client(), names, clock);
        loader.load(SeedReader.read(SEEDS));
        dynamo.client().updateItem(b -> b.tableName(names.scaleSense())
                .key(Attr.key(Keys.beerKeg("guinness-draught", "half_barrel")))
                .updateExpression("SET full_lbs = :f, measured_at = :m")
                .expressionAttributeValues(Map.of(":f", Attr.n(163.2), ":m", Attr.s("2026-11-21T10:00:00Z"))));

        // when the seeds are loaded again
        loader.load(SeedReader.read(SEEDS));

        // then the measurement stands
        assertThat(Attr.dec(get(names, Keys.beerKeg("guinness-draught", "half_barrel")), "full_lbs"))
                .isEqualTo(163.2);
    }

    @Test
    void rejects_seeds_whose_keg_types_drift_from_seed_000(@TempDir Path dir) throws IOException {
        // given a copy of the seeds where a half barrel weighs 160 lb full
        for (String f : new String[] {"beers.json", "locations.json"}) {
            Files.copy(SEEDS.resolve(f), dir.resolve(f));
        }
        Files.writeString(dir.resolve("keg-types.json"),
                Files.readString(SEEDS.resolve("keg-types.json")).replace("161.5", "160.0"));

        assertThatThrownBy(() -> SeedReader.read(dir))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("keg-types.json");
    }

    @Test
    void rejects_a_tap_whose_hardware_id_is_not_a_mac_before_writing_anything(@TempDir Path dir) throws IOException {
        for (String f : new String[] {"beers.json", "keg-types.json"}) {
            Files.copy(SEEDS.resolve(f), dir.resolve(f));
        }
        Files.writeString(dir.resolve("locations.json"),
                Files.readString(SEEDS.resolve("locations.json")).replace("B8:27:EB:00:00:02", "b8-27-eb-00-00-02"));

        assertThatThrownBy(() -> SeedReader.read(dir))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("hardware_id").hasMessageContaining("b8-27-eb-00-00-02");
    }

    private Map<String, AttributeValue> get(TableNames names, com.scalesense.sink.tables.ItemKey key) {
        return dynamo.client().getItem(b -> b.tableName(names.scaleSense()).key(Attr.key(key))).item();
    }
}
