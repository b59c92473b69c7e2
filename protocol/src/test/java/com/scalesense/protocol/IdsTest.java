package com.scalesense.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IdsTest {

    @Test
    void accepts_the_seed_examples() {
        assertThat(Ids.isMac("AA:BB:CC:DD:EE:FF")).isTrue();
        assertThat(Ids.isUuidV4("550e8400-e29b-41d4-a716-446655440000")).isTrue();
        assertThat(Ids.isUuidV4(UUID.randomUUID().toString())).isTrue();
        assertThat(Ids.isDeviceId("SCALE-0042")).isTrue();
        assertThat(Ids.isLocId("loc-001")).isTrue();
        assertThat(Ids.isTapId("loc-001#TAP#07")).isTrue();
        assertThat(Ids.isKegId("keg-20260318-007")).isTrue();
        assertThat(Ids.isKegId("keg-20260318-V1_-")).isTrue();
        assertThat(Ids.isBeerId("guinness-draught")).isTrue();
        assertThat(Ids.isFirmwareVersion("1.0.16")).isTrue();
        assertThat(Ids.isFirmwareVersion("0.1.0-SNAPSHOT")).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"aa:bb:cc:dd:ee:ff", "AA-BB-CC-DD-EE-FF", "AA:BB:CC:DD:EE", "AA:BB:CC:DD:EE:FF:00",
            "AABBCCDDEEFF", "AA:BB:CC:DD:EE:FG", " AA:BB:CC:DD:EE:FF"})
    void rejects_mac_addresses_not_in_seed_001_form(String mac) {
        assertThat(Ids.isMac(mac)).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"550e8400-e29b-11d4-a716-446655440000", "550e8400-e29b-41d4-c716-446655440000",
            "550e8400-e29b-41d4-7716-446655440000", "550E8400-E29B-41D4-A716-446655440000", "550e8400e29b41d4a716446655440000"})
    void rejects_uuids_that_are_not_canonical_v4(String uuid) {
        assertThat(Ids.isUuidV4(uuid)).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"keg-20260230-abcd", "keg-20261301-abcd", "keg-2026031-abcd", "keg-20260318-ab",
            "keg-20260318-abcdefghi", "keg-20260318-ab.d", "KEG-20260318-abcd"})
    void rejects_keg_ids_without_a_real_date_or_a_nanoid_suffix(String kegId) {
        assertThat(Ids.isKegId(kegId)).isFalse();
    }

    @Test
    void accepts_a_locations_custom_beer_and_names_its_location() {
        assertThat(Ids.isBeerId("loc-001#house-ale")).isTrue();
        assertThat(Ids.customBeerLocation("loc-001#house-ale")).isEqualTo("loc-001");
        assertThat(Ids.customBeerLocation("guinness-draught")).isNull();
        assertThat(Ids.customBeerLocation("loc-001#")).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"Guinness", "house--ale", "-ale", "ale-", "loc-001#", "#house-ale", "loc-1#house-ale",
            "bar#house-ale", "loc-001#house-ale#x", "loc-001#House-Ale", "loc-001##ale"})
    void rejects_beer_ids_outside_seed_000s_two_forms(String beerId) {
        assertThat(Ids.isBeerId(beerId)).isFalse();
    }

    @Test
    void limits_the_beers_own_name_to_64_characters_after_the_location() {
        String name64 = "a".repeat(64);
        assertThat(Ids.isBeerId(name64)).isTrue();
        assertThat(Ids.isBeerId("loc-001#" + name64)).isTrue();
        assertThat(Ids.isBeerId(name64 + "a")).isFalse();
    }

    @Test
    void tells_whether_a_tap_belongs_to_a_location() {
        assertThat(Ids.tapBelongsTo("loc-001#TAP#07", "loc-001")).isTrue();
        assertThat(Ids.tapBelongsTo("loc-0011#TAP#07", "loc-001")).isFalse();
        assertThat(Ids.tapBelongsTo("loc-001#TAP#7", "loc-001")).isFalse();
        assertThat(Ids.tapBelongsTo(null, "loc-001")).isFalse();
    }

    @Test
    void treats_null_as_never_valid() {
        assertThat(Ids.isMac(null) || Ids.isUuidV4(null) || Ids.isDeviceId(null) || Ids.isLocId(null)
                || Ids.isTapId(null) || Ids.isKegId(null) || Ids.isBeerId(null) || Ids.isFirmwareVersion(null)
                || Ids.isName(null) || Ids.isSafeAscii(null, 10)).isFalse();
    }
}
