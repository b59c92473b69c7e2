package com.scalesense.agent.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scalesense.agent.store.internal.MapDbNvsStore;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NvsStoreTest {

    record Calibration(double offsetCounts, double countsPerKg) {
    }

    record Tare(String kegId, double emptyLbs) {
    }

    /** A value whose encoding fails half-way through a multi-key write, as a full disk would. */
    record Unwritable(String reason) {
        @Override
        public String reason() {
            throw new IllegalStateException("no space left on device");
        }
    }

    static final StoreKey<Calibration> CALIBRATION = StoreKey.of("calibration", Calibration.class);
    static final StoreKey<Tare> TARE = StoreKey.of("tare", Tare.class);
    static final StoreKey<Unwritable> UNWRITABLE = StoreKey.of("unwritable", Unwritable.class);
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-22T02:40:00Z"), ZoneOffset.UTC);

    @TempDir
    Path dir;

    private Path file() {
        return dir.resolve("nvs.db");
    }

    private MapDbNvsStore open() {
        return MapDbNvsStore.open(file(), CLOCK);
    }

    private void storeCalibrationAndTare() {
        try (NvsStore store = open()) {
            store.putAll(List.of(new NvsStore.Write<>(CALIBRATION, new Calibration(8_388.0, 21_450.5)),
                    new NvsStore.Write<>(TARE, new Tare("keg-20261120-ab12", 29.4))));
        }
    }

    @Test
    void values_read_back_as_the_same_records_after_reopen() {
        storeCalibrationAndTare();
        try (NvsStore store = open()) {
            assertThat(store.get(CALIBRATION)).contains(new Calibration(8_388.0, 21_450.5));
            assertThat(store.get(TARE)).contains(new Tare("keg-20261120-ab12", 29.4));
            assertThat(store.status().health()).isEqualTo(StoreHealth.OK);
        }
    }

    @Test
    void the_boot_counter_counts_every_start() {
        for (int start = 1; start <= 3; start++) {
            try (NvsStore store = open()) {
                assertThat(store.bootCount()).isEqualTo(start - 1);
                assertThat(store.nextBoot()).isEqualTo(start);
            }
        }
    }

    @Test
    void a_write_that_fails_half_way_leaves_every_old_value_in_place() {
        // given
        storeCalibrationAndTare();
        try (NvsStore store = open()) {
            // when the second of two writes fails after the first was applied
            assertThatThrownBy(() -> store.putAll(List.of(
                    new NvsStore.Write<>(CALIBRATION, new Calibration(1.0, 2.0)),
                    new NvsStore.Write<>(UNWRITABLE, new Unwritable("x")))))
                    .isInstanceOf(StoreWriteException.class).hasMessageContaining("'unwritable'")
                    .hasMessageContaining("no space left on device");
            // then
            assertThat(store.get(CALIBRATION)).contains(new Calibration(8_388.0, 21_450.5));
        }
        try (NvsStore store = open()) {
            assertThat(store.get(CALIBRATION)).contains(new Calibration(8_388.0, 21_450.5));
        }
    }

    @Test
    void a_truncated_file_is_moved_aside_and_the_last_snapshot_restored() throws IOException {
        // given
        storeCalibrationAndTare();
        try (RandomAccessFile f = new RandomAccessFile(file().toFile(), "rw")) {
            f.setLength(f.length() / 3);
        }
        // when
        try (NvsStore store = open()) {
            // then
            assertThat(store.status().health()).isEqualTo(StoreHealth.RESTORED_FROM_SNAPSHOT);
            assertThat(store.status().movedAside()).first().asString().endsWith("nvs.db.corrupt-20261122T024000Z");
            assertThat(store.get(CALIBRATION)).contains(new Calibration(8_388.0, 21_450.5));
            assertThat(store.get(TARE)).contains(new Tare("keg-20261120-ab12", 29.4));
        }
    }

    @Test
    void a_file_of_garbage_bytes_is_moved_aside_and_the_last_snapshot_restored() throws IOException {
        // given
        storeCalibrationAndTare();
        overwriteWithGarbage(file());
        // when
        try (NvsStore store = open()) {
            // then
            assertThat(store.status().health()).isEqualTo(StoreHealth.RESTORED_FROM_SNAPSHOT);
            assertThat(store.get(CALIBRATION)).contains(new Calibration(8_388.0, 21_450.5));
            assertThat(Files.exists(dir.resolve("nvs.db.corrupt-20261122T024000Z"))).isTrue();
        }
    }

    @Test
    void when_file_and_snapshot_are_both_damaged_the_store_starts_empty_and_says_so() throws IOException {
        // given
        storeCalibrationAndTare();
        overwriteWithGarbage(file());
        overwriteWithGarbage(dir.resolve("nvs.db.snapshot"));
        // when
        try (NvsStore store = open()) {
            // then
            assertThat(store.status().health()).isEqualTo(StoreHealth.EMPTY_AFTER_CORRUPTION);
            assertThat(store.get(CALIBRATION)).isEmpty();
            assertThat(store.status().movedAside()).extracting(p -> p.getFileName().toString())
                    .contains("nvs.db.corrupt-20261122T024000Z", "nvs.db.snapshot.corrupt-20261122T024000Z");
            // and the new store works
            store.put(CALIBRATION, new Calibration(1.0, 2.0));
            assertThat(store.get(CALIBRATION)).contains(new Calibration(1.0, 2.0));
        }
    }

    private static void overwriteWithGarbage(Path p) throws IOException {
        byte[] garbage = new byte[(int) Files.size(p)];
        new Random(42).nextBytes(garbage);
        Files.write(p, garbage);
    }
}
