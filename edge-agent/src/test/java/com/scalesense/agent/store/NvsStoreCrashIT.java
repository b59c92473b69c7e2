package com.scalesense.agent.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.scalesense.agent.outbox.CrashHarness;
import com.scalesense.agent.store.internal.MapDbNvsStore;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The NVS store under SIGKILL: after every kill it opens (restoring the snapshot if MapDB's file
 * is damaged, never empty), calibration and tare still agree (one transaction), hold at least
 * the last acknowledged write, and the boot counter counted every start that reported it.
 */
class NvsStoreCrashIT {

    private static final int KILLS = CrashHarness.kills(20, 0.5);
    private static final long SEED = CrashHarness.SEED;

    @TempDir
    Path dir;

    @Test
    void calibration_and_tare_survive_sigkills_together_and_the_boot_counter_counts_every_start() throws Exception {
        // given
        Path file = dir.resolve("nvs.db");
        CrashHarness harness = new CrashHarness(dir, NvsCrashWriter.class, List.of(file.toString()), SEED);
        AtomicLong lastWritten = new AtomicLong(-1);
        AtomicLong lastBoot = new AtomicLong(0);
        int restored = 0;
        for (int run = 1; run <= KILLS; run++) {
            // when
            harness.killOnce(run, line -> {
                String[] f = line.split(" ");
                if (f[0].equals("W")) {
                    lastWritten.set(Long.parseLong(f[1]));
                } else if (f[0].equals("B")) {
                    lastBoot.set(Long.parseLong(f[1]));
                }
            });
            // then
            try (NvsStore store = MapDbNvsStore.open(file, Clock.systemUTC())) {
                assertThat(store.status().health()).as("health after kill %d", run)
                        .isNotEqualTo(StoreHealth.EMPTY_AFTER_CORRUPTION);
                restored += store.status().health() == StoreHealth.RESTORED_FROM_SNAPSHOT ? 1 : 0;
                long calibration = store.get(NvsCrashWriter.CALIBRATION).map(NvsCrashWriter.Calibration::seq).orElse(-1L);
                assertThat(store.get(NvsCrashWriter.TARE).map(NvsCrashWriter.Tare::seq).orElse(-1L))
                        .as("tare written with calibration").isEqualTo(calibration);
                assertThat(calibration).as("last acknowledged write").isGreaterThanOrEqualTo(lastWritten.get());
                assertThat(store.bootCount()).as("boots counted").isGreaterThanOrEqualTo(lastBoot.get())
                        .isLessThanOrEqualTo(run);
            }
        }
        System.out.printf("NVS crash test: %d SIGKILLs (seed %d), last write %d, %d snapshot restores%n", KILLS, SEED,
                lastWritten.get(), restored);
    }
}
