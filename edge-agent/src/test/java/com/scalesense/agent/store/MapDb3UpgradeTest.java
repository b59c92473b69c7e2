package com.scalesense.agent.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scalesense.agent.store.NvsStoreTest.Calibration;
import com.scalesense.agent.store.NvsStoreTest.Tare;
import com.scalesense.agent.store.internal.MapDbNvsStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scale upgraded in place (the Debian package keeps /var/lib/scale-sense) from a release whose
 * NVS store was MapDB 3 to today's MapDB 1.0 store, on files the MapDB 3 agent wrote
 * ({@code mapdb3/README.md}): calibration, tare and the boot counter carry over from the snapshot,
 * the old file is kept aside, and without a snapshot nothing is touched and the store says why.
 */
class MapDb3UpgradeTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-22T02:40:00Z"), ZoneOffset.UTC);
    private static final Calibration CALIBRATION = new Calibration(8_388.0, 21_450.5);
    private static final Tare TARE = new Tare("keg-20261120-ab12", 29.4);

    @TempDir
    Path dir;

    private Path file() {
        return dir.resolve("nvs.db");
    }

    private void mapDb3StoreOfAnEarlierRelease(boolean withSnapshot) throws IOException {
        try (InputStream gz = new GZIPInputStream(resource("nvs.db.gz"))) {
            Files.copy(gz, file());
        }
        if (withSnapshot) {
            try (InputStream in = resource("nvs.db.snapshot")) {
                Files.copy(in, dir.resolve("nvs.db.snapshot"));
            }
        }
    }

    private static InputStream resource(String name) {
        return MapDb3UpgradeTest.class.getResourceAsStream("mapdb3/" + name);
    }

    @Test
    void calibration_tare_and_boot_counter_of_a_mapdb3_store_carry_over_and_the_old_file_is_kept_aside() throws IOException {
        // given
        mapDb3StoreOfAnEarlierRelease(true);
        byte[] old = Files.readAllBytes(file());
        // when
        try (NvsStore store = MapDbNvsStore.open(file(), CLOCK)) {
            // then
            assertThat(store.status().health()).isEqualTo(StoreHealth.OK);
            assertThat(store.get(NvsStoreTest.CALIBRATION)).contains(CALIBRATION);
            assertThat(store.get(NvsStoreTest.TARE)).contains(TARE);
            assertThat(store.nextBoot()).isEqualTo(3);
        }
        assertThat(dir.resolve("nvs.db.mapdb3-20261122T024000Z")).hasBinaryContent(old);
        // and the new file is the store from now on: it reopens as it was left, without the snapshot's help
        Files.delete(dir.resolve("nvs.db.snapshot"));
        try (NvsStore store = MapDbNvsStore.open(file(), CLOCK)) {
            assertThat(store.status().health()).isEqualTo(StoreHealth.OK);
            assertThat(store.get(NvsStoreTest.CALIBRATION)).contains(CALIBRATION);
            assertThat(store.bootCount()).isEqualTo(3);
        }
    }

    @Test
    void an_upgrade_after_a_downgrade_sets_the_older_upgrades_mapdb1_files_aside_with_the_mapdb3_store() throws IOException {
        // given an upgrade, then the older package again: its MapDB 3 set only nvs.db aside, the 1.0
        // .p and .t stayed, and it wrote a new MapDB 3 store and snapshot
        try (NvsStore store = MapDbNvsStore.open(file(), CLOCK)) {
            store.put(NvsStoreTest.CALIBRATION, new Calibration(1.0, 2.0));
        }
        Files.delete(file());
        Files.delete(dir.resolve("nvs.db.snapshot"));
        mapDb3StoreOfAnEarlierRelease(true);
        // when the newer package starts again
        try (NvsStore store = MapDbNvsStore.open(file(), CLOCK)) {
            // then the values are the MapDB 3 store's, and the stale 1.0 files went aside with it
            assertThat(store.status().health()).isEqualTo(StoreHealth.OK);
            assertThat(store.get(NvsStoreTest.CALIBRATION)).contains(CALIBRATION);
            assertThat(store.bootCount()).isEqualTo(2);
        }
        assertThat(dir.resolve("nvs.db.mapdb3-20261122T024000Z.p")).exists();
        assertThat(dir.resolve("nvs.db.mapdb3-20261122T024000Z.t")).exists();
    }

    @Test
    void a_mapdb3_store_without_its_snapshot_is_refused_with_what_to_do_and_left_as_it_was() throws IOException {
        // given
        mapDb3StoreOfAnEarlierRelease(false);
        Map<String, String> before = contents();
        // when / then
        assertThatThrownBy(() -> MapDbNvsStore.open(file(), CLOCK)).isInstanceOf(StoreOpenException.class)
                .hasMessageContaining("MapDB 3 format of an earlier release")
                .hasMessageContaining("nvs.db.snapshot").hasMessageContaining("is missing")
                .hasMessageContaining("nothing was changed").hasMessageContaining("calibrate and tare again");
        assertThat(contents()).isEqualTo(before);
    }

    @Test
    void a_mapdb3_store_whose_snapshot_is_damaged_is_refused_and_left_as_it_was() throws IOException {
        // given
        mapDb3StoreOfAnEarlierRelease(true);
        Files.write(dir.resolve("nvs.db.snapshot"), new byte[] {'N', 'V', 'S', '1', 0, 0, 0, 9, 1, 2, 3, 4, 5, 6, 7, 8});
        Map<String, String> before = contents();
        // when / then
        assertThatThrownBy(() -> MapDbNvsStore.open(file(), CLOCK)).isInstanceOf(StoreOpenException.class)
                .hasMessageContaining("is damaged (snapshot").hasMessageContaining("fails its CRC32");
        assertThat(contents()).isEqualTo(before);
    }

    @Test
    void a_store_that_lost_its_file_gets_the_snapshots_values_instead_of_overwriting_them_with_nothing() {
        // Regression: a new, empty file used to refresh the snapshot with nothing, so a store file lost
        // (or a start killed before the first commit into a new file) cost the calibration for good.
        // given
        try (NvsStore store = MapDbNvsStore.open(file(), CLOCK)) {
            store.nextBoot();
            store.put(NvsStoreTest.CALIBRATION, CALIBRATION);
        }
        try (Stream<Path> files = list()) {
            files.filter(p -> !p.getFileName().toString().equals("nvs.db.snapshot")).forEach(MapDb3UpgradeTest::delete);
        }
        // when
        try (NvsStore store = MapDbNvsStore.open(file(), CLOCK)) {
            // then
            assertThat(store.status().health()).isEqualTo(StoreHealth.RESTORED_FROM_SNAPSHOT);
            assertThat(store.get(NvsStoreTest.CALIBRATION)).contains(CALIBRATION);
            assertThat(store.bootCount()).isEqualTo(1);
        }
    }

    /** Every file in the state directory and a hash of its bytes. */
    private Map<String, String> contents() {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> files = list()) {
            files.forEach(p -> out.put(p.getFileName().toString(), sha256(p)));
        }
        return out;
    }

    private Stream<Path> list() {
        try {
            return Files.list(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String sha256(Path p) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void delete(Path p) {
        try {
            Files.delete(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
