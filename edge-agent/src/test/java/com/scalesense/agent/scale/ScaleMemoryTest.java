package com.scalesense.agent.scale;

import static org.assertj.core.api.Assertions.assertThat;

import com.scalesense.agent.pipeline.keg.KegProfile;
import com.scalesense.agent.pipeline.keg.KegType;
import com.scalesense.agent.pipeline.keg.Tare;
import com.scalesense.agent.store.NvsStore;
import com.scalesense.agent.store.StoreKey;
import com.scalesense.agent.store.internal.MapDbNvsStore;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The keg profile in a real NVS store file, across a reopen and across agent versions. */
class ScaleMemoryTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-22T05:40:00Z"), ZoneOffset.UTC);

    /** The keg profile exactly as agents before the beer_id change stored it: no beer. */
    record KegProfileBeforeBeer(String kegId, KegType kegType, double sg, Tare tare) {
    }

    @TempDir
    Path dir;

    private NvsStore open() {
        return MapDbNvsStore.open(dir.resolve("nvs.db"), CLOCK);
    }

    @Test
    void a_keg_with_its_beer_reads_back_the_same_after_reopen() {
        KegProfile guinness = new KegProfile("keg-20260318-007", "guinness-draught", KegType.HALF_BARREL, 1.014,
                new Tare(13.2, null, 1_763_790_000_000L));
        try (NvsStore store = open()) {
            new ScaleMemory(store).saveKeg(guinness);
        }

        try (NvsStore store = open()) {
            assertThat(new ScaleMemory(store).keg()).contains(guinness);
        }
    }

    @Test
    void a_kegs_set_down_weight_reads_back_so_its_estimated_level_is_the_same_after_a_restart() {
        // issue 12 round 5: the estimate's shell comes from the weight the keg was set down with
        KegProfile swappedIn = new KegProfile(null, null, KegType.SIXTH_BARREL, 1.010, Tare.PENDING, 27.4);
        try (NvsStore store = open()) {
            new ScaleMemory(store).saveKeg(swappedIn);
        }

        try (NvsStore store = open()) {
            KegProfile loaded = new ScaleMemory(store).keg().orElseThrow();
            assertThat(loaded).isEqualTo(swappedIn);
            assertThat(loaded.estimatedShellKg()).isEqualTo(swappedIn.estimatedShellKg());
        }
    }

    @Test
    void a_keg_stored_before_the_scale_kept_the_beer_still_loads_with_the_beer_unknown() {
        // Regression guard: an agent upgraded in the field must not lose its keg and tare, nor refuse to
        // start, because the stored profile lacks beer_id.
        StoreKey<KegProfileBeforeBeer> oldKey = StoreKey.of(ScaleMemory.KEG.name(), KegProfileBeforeBeer.class);
        try (NvsStore store = open()) {
            store.put(oldKey, new KegProfileBeforeBeer("keg-20260318-007", KegType.SIXTH_BARREL, 1.010,
                    new Tare(7.5, 27.7, 1_763_790_000_000L)));
        }

        try (NvsStore store = open()) {
            KegProfile loaded = new ScaleMemory(store).keg().orElseThrow();

            assertThat(loaded).isEqualTo(new KegProfile("keg-20260318-007", null, KegType.SIXTH_BARREL, 1.010,
                    new Tare(7.5, 27.7, 1_763_790_000_000L)));
        }
    }
}
