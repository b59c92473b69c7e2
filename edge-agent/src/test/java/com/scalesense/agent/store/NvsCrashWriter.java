package com.scalesense.agent.store;

import com.scalesense.agent.store.internal.MapDbNvsStore;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;

/**
 * The process {@link NvsStoreCrashIT} kills: counts a boot, then rewrites calibration and tare
 * together as fast as it can, printing only after the write returned:
 * <pre>
 * B n      boot counter is now n
 * W seq    calibration and tare both hold seq (one transaction)
 * </pre>
 * Arguments: store file, run number.
 */
public final class NvsCrashWriter {

    record Calibration(long seq, double countsPerKg) {
    }

    record Tare(long seq, double emptyLbs) {
    }

    static final StoreKey<Calibration> CALIBRATION = StoreKey.of("calibration", Calibration.class);
    static final StoreKey<Tare> TARE = StoreKey.of("tare", Tare.class);

    private NvsCrashWriter() {
    }

    public static void main(String[] args) {
        long run = Long.parseLong(args[1]);
        try (NvsStore store = MapDbNvsStore.open(Path.of(args[0]), Clock.systemUTC())) {
            System.out.println("B " + store.nextBoot());
            for (long i = 0; i < 1_000_000; i++) {
                long seq = run * 1_000_000 + i;
                store.putAll(List.of(new NvsStore.Write<>(CALIBRATION, new Calibration(seq, 21_450.5)),
                        new NvsStore.Write<>(TARE, new Tare(seq, 29.4))));
                System.out.println("W " + seq);
            }
        }
    }
}
