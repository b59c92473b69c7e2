package com.scalesense.sink.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scalesense.sink.seed.SeedLoader;
import com.scalesense.sink.seed.SeedReader;
import com.scalesense.sink.tables.Attr;
import com.scalesense.sink.tables.ItemKey;
import com.scalesense.sink.tables.Keys;
import com.scalesense.sink.tables.TableNames;
import com.scalesense.sink.testing.ForwardingDynamoDbClient;
import com.scalesense.sink.testing.WithLocalDynamo;
import com.scalesense.sink.validation.Fields;
import com.scalesense.sink.validation.InvalidInputException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;

/** Every admin operation on DynamoDB Local, over the repository's seed data. */
class AdminOperationsIT extends WithLocalDynamo {

    final Clock clock = Clock.fixed(Instant.parse("2026-03-18T20:15:00Z"), ZoneOffset.UTC);
    TableNames names;
    BeerLibrary beers;


    @BeforeEach
    void seed() {
        names = dynamo.freshTables();
        new SeedLoader(dynamo.client(), names, clock).load(SeedReader.read(Path.of("..", "seeds")));
        beers = new BeerLibrary(dynamo.client(), names, clock);
    }

    @Test
    void search_for_a_location_combines_global_and_its_own_beers_but_not_other_locations() {
        // given a house IPA at loc-001 and one at loc-002
        beers.create(new Beer("house-ipa", "loc-001", "House IPA", "Demo Taproom", "IPA", 6.8, 1.013));
        beers.create(new Beer("other-ipa", "loc-002", "Other IPA", null, "IPA", 6.0, 1.012));

        // when loc-001 searches "ipa"
        var found = beers.search("loc-001", "ipa");

        // then Lagunitas IPA (global) and House IPA (custom), by name
        assertThat(found).extracting(Beer::ref).containsExactly("loc-001#house-ipa", "lagunitas-ipa");
        assertThat(beers.search("loc-001", "")).hasSize(11);
    }

    @Test
    void creating_a_beer_twice_is_a_conflict_and_updating_a_missing_one_is_not_found() {
        Beer modelo = beers.get("modelo-especial").orElseThrow();

        assertThatThrownBy(() -> beers.create(modelo)).isInstanceOf(ConflictException.class)
                .hasMessageContaining("modelo-especial");
        assertThatThrownBy(() -> beers.update(new Beer("no-such-beer", null, "Nope", null, null, null, 1.0)))
                .isInstanceOf(NotFoundException.class);
        assertThat(beers.search("loc-001", "nope")).isEmpty();
    }

    @Test
    void updating_a_beer_changes_profile_and_catalog_together() {
        beers.update(new Beer("modelo-especial", null, "Modelo Especial", "Grupo Modelo", "Mexican Lager", 4.4, 1.011));

        assertThat(beers.get("modelo-especial").orElseThrow().specificGravity()).isEqualTo(1.011);
        assertThat(beers.search("loc-001", "mexican")).extracting(Beer::specificGravity).containsExactly(1.011);
    }

    @Test
    void assigning_a_keg_writes_keg_tap_config_and_pending_tare_with_reference_weights() {
        // given Guinness half barrels never tared: seeded weights 161.5 / 29.0
        KegAssigner assigner = new KegAssigner(dynamo.client(), names, clock, new KegIds(clock, new Random(7)));

        KegAssignment a = assigner.assign("loc-001", "02", "guinness-draught", "half_barrel");

        assertThat(a.kegId()).startsWith("keg-20260318-").matches(Fields.KEG_ID);
        assertThat(a).extracting(KegAssignment::fullLbs, KegAssignment::emptyLbs, KegAssignment::specificGravity,
                KegAssignment::weightsMeasured).containsExactly(161.5, 29.0, 1.014, false);
        Map<String, AttributeValue> keg = get(Keys.kegMeta(a.kegId()));
        assertThat(Attr.str(keg, "beer_id")).isEqualTo("guinness-draught");
        assertThat(Attr.str(keg, "loc_id")).isEqualTo("loc-001");
        assertThat(Attr.str(keg, "tapped_at")).isEqualTo("2026-03-18T20:15:00Z");
        assertThat(Attr.dec(keg, "sg")).isEqualTo(1.014);
        Map<String, AttributeValue> tap = get(Keys.tapConfig("loc-001", "02"));
        assertThat(Attr.str(tap, "keg_id")).isEqualTo(a.kegId());
        assertThat(Attr.str(tap, "keg_type")).isEqualTo("half_barrel");
        assertThat(Attr.str(tap, DeviceRegistry.TAP_DEVICE)).isEqualTo("SCALE-0002");
        assertThat(Attr.str(get(Keys.tapState("loc-001", "02")), "tare_status")).isEqualTo("pending");
    }

    @Test
    void assigning_uses_measured_weights_and_falls_back_to_the_keg_type_when_the_beer_has_none() {
        // given a measured Guinness half barrel, and Guinness never seeded as a sixth barrel
        dynamo.client().updateItem(b -> b.tableName(names.scaleSense())
                .key(Attr.key(Keys.beerKeg("guinness-draught", "half_barrel")))
                .updateExpression("SET full_lbs = :f, measured_at = :m")
                .expressionAttributeValues(Map.of(":f", Attr.n(163.2), ":m", Attr.s("2026-03-01T10:00:00Z"))));
        KegAssigner assigner = new KegAssigner(dynamo.client(), names, clock, new KegIds(clock, new Random(7)));

        KegAssignment measured = assigner.assign("loc-001", "01", "guinness-draught", "half_barrel");
        KegAssignment reference = assigner.assign("loc-001", "03", "guinness-draught", "sixth_barrel");

        assertThat(measured).extracting(KegAssignment::fullLbs, KegAssignment::weightsMeasured).containsExactly(163.2, true);
        assertThat(reference).extracting(KegAssignment::fullLbs, KegAssignment::emptyLbs).containsExactly(61.0, 16.5);
    }

    @Test
    void a_custom_beer_is_assigned_by_its_location_ref_with_reference_weights() {
        beers.create(new Beer("house-stout", "loc-001", "House Stout", null, "Stout", 5.0, 1.016));
        KegAssigner assigner = new KegAssigner(dynamo.client(), names, clock, new KegIds(clock, new Random(7)));

        KegAssignment a = assigner.assign("loc-001", "04", "loc-001#house-stout", "sixth_barrel");

        assertThat(Attr.str(get(Keys.kegMeta(a.kegId())), "beer_id")).isEqualTo("loc-001#house-stout");
        assertThat(a).extracting(KegAssignment::fullLbs, KegAssignment::emptyLbs, KegAssignment::specificGravity)
                .containsExactly(61.0, 16.5, 1.016);
        assertThat(beers.get("loc-001#house-stout").orElseThrow().locId()).isEqualTo("loc-001");
    }

    @Test
    void assignment_to_a_missing_tap_writes_nothing() {
        // Guards against the seed's three parallel writes: a failed tap update must not leave a keg behind.
        Random random = new Random(7);
        String wouldBeKegId = new KegIds(clock, new Random(7)).next();
        KegAssigner assigner = new KegAssigner(dynamo.client(), names, clock, new KegIds(clock, random));

        assertThatThrownBy(() -> assigner.assign("loc-001", "09", "coors-light", "half_barrel"))
                .isInstanceOf(NotFoundException.class).hasMessageContaining("loc-001#TAP#09");
        assertThat(get(Keys.kegMeta(wouldBeKegId))).isEmpty();
        assertThat(get(Keys.tapState("loc-001", "09"))).isEmpty();
        assertThatThrownBy(() -> assigner.assign("loc-001", "01", "no-such-beer", "half_barrel"))
                .isInstanceOf(NotFoundException.class).hasMessageContaining("no-such-beer");
        assertThatThrownBy(() -> assigner.assign("loc-001", "01", "coors-light", "pony_keg"))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("keg_type");
    }

    @Test
    void a_concurrent_swap_of_the_same_tap_fails_the_later_assignment_instead_of_orphaning_a_keg() {
        // given a colleague who assigns tap 01 between our read of the tap and our transaction
        KegAssigner colleague = new KegAssigner(dynamo.client(), names, clock, new KegIds(clock, new Random(1)));
        AtomicReference<KegAssignment> theirs = new AtomicReference<>();
        DynamoDbClient racing = new ForwardingDynamoDbClient(dynamo.client()) {
            @Override
            public TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest request) {
                theirs.compareAndSet(null, colleague.assign("loc-001", "01", "modelo-especial", "half_barrel"));
                return super.transactWriteItems(request);
            }
        };
        String ourKegId = new KegIds(clock, new Random(2)).next();

        assertThatThrownBy(() -> new KegAssigner(racing, names, clock, new KegIds(clock, new Random(2)))
                .assign("loc-001", "01", "coors-light", "half_barrel"))
                .isInstanceOf(ConflictException.class).hasMessageContaining("loc-001#TAP#01");

        assertThat(Attr.str(get(Keys.tapConfig("loc-001", "01")), "keg_id")).isEqualTo(theirs.get().kegId());
        assertThat(get(Keys.kegMeta(ourKegId))).isEmpty();
    }

    @Test
    void a_keg_id_collision_retries_with_a_new_id_instead_of_overwriting_the_keg() {
        // given two assigners whose random sources start alike: the second's first id is taken
        KegAssigner first = new KegAssigner(dynamo.client(), names, clock, new KegIds(clock, new Random(7)));
        KegAssigner second = new KegAssigner(dynamo.client(), names, clock, new KegIds(clock, new Random(7)));

        KegAssignment a = first.assign("loc-001", "01", "coors-light", "half_barrel");
        KegAssignment b = second.assign("loc-001", "02", "modelo-especial", "half_barrel");

        assertThat(b.kegId()).isNotEqualTo(a.kegId());
        assertThat(Attr.str(get(Keys.kegMeta(a.kegId())), "beer_id")).isEqualTo("coors-light");
    }

    @Test
    void location_settings_round_trip_and_missing_attributes_read_as_defaults() {
        LocationSettingsStore store = new LocationSettingsStore(dynamo.client(), names, clock);
        LocationProfile edited = new LocationProfile("Demo Taproom", ZoneId.of("Europe/Dublin"), LocalTime.of(4, 0),
                600, 10, 25, 1200, 3);

        store.put("loc-001", edited);
        dynamo.client().putItem(b -> b.tableName(names.scaleSense()).item(Map.of(
                "PK", Attr.s("LOCATION#loc-009"), "SK", Attr.s("SETTINGS"), "name", Attr.s("Bare"))));

        assertThat(store.get("loc-001")).contains(edited);
        assertThat(store.get("loc-009")).contains(LocationProfile.defaults("Bare"));
        assertThat(store.get("loc-404")).isEmpty();
    }

    @Test
    void registering_a_scale_binds_device_and_tap_and_moving_it_frees_the_old_tap() {
        DeviceRegistry registry = new DeviceRegistry(dynamo.client(), names, clock);
        assertThat(new Taps(dynamo.client(), names).create("loc-001", "05", "Tap 5")).isEqualTo("loc-001#TAP#05");

        // when SCALE-0004 (seeded on tap 04) moves to the new tap 05
        registry.register("SCALE-0004", "B8:27:EB:00:00:04", "loc-001", "05");

        Map<String, AttributeValue> device = get(Keys.deviceMeta("SCALE-0004"));
        assertThat(Attr.str(device, "tap_id")).isEqualTo("loc-001#TAP#05");
        assertThat(Attr.str(device, "device_id")).isEqualTo("SCALE-0004");
        assertThat(Attr.str(get(Keys.tapConfig("loc-001", "05")), DeviceRegistry.TAP_DEVICE)).isEqualTo("SCALE-0004");
        assertThat(get(Keys.tapConfig("loc-001", "04"))).doesNotContainKey(DeviceRegistry.TAP_DEVICE);
    }

    @Test
    void creating_an_existing_tap_is_a_conflict_that_keeps_its_keg_and_scale() {
        Taps taps = new Taps(dynamo.client(), names);

        assertThatThrownBy(() -> taps.create("loc-001", "01", "Renamed")).isInstanceOf(ConflictException.class)
                .hasMessageContaining("loc-001#TAP#01");
        assertThat(Attr.str(get(Keys.tapConfig("loc-001", "01")), DeviceRegistry.TAP_DEVICE)).isEqualTo("SCALE-0001");
        assertThat(Attr.str(get(Keys.tapConfig("loc-001", "01")), "name")).isEqualTo("Tap 1");
    }

    @Test
    void refuses_to_register_a_scale_on_a_tap_another_scale_holds() {
        DeviceRegistry registry = new DeviceRegistry(dynamo.client(), names, clock);

        assertThatThrownBy(() -> registry.register("SCALE-0009", "B8:27:EB:00:00:09", "loc-001", "01"))
                .isInstanceOf(ConflictException.class).hasMessageContaining("SCALE-0001");
        assertThat(get(Keys.deviceMeta("SCALE-0009"))).isEmpty();
        assertThatThrownBy(() -> registry.register("SCALE-0009", "B8:27:EB:00:00:09", "loc-001", "42"))
                .isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> registry.register("SCALE-0009", "aa:bb:cc:dd:ee:ff", "loc-001", "01"))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("hardware_id");
    }

    private Map<String, AttributeValue> get(ItemKey key) {
        Map<String, AttributeValue> item = dynamo.client().getItem(b -> b.tableName(names.scaleSense())
                .key(Attr.key(key)).consistentRead(true)).item();
        return item == null ? Map.of() : item;
    }
}
