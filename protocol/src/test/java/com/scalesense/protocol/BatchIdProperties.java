package com.scalesense.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** batch_id's wire form and its parts are one-to-one (one case per seed, see {@link WireCases}). */
class BatchIdProperties {

    static LongStream roundTripSeeds() {
        return WireCases.seeds(1, 500);
    }

    static LongStream windowSeeds() {
        return WireCases.seeds(2, 200);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("roundTripSeeds")
    void parse_reads_back_what_toString_writes(long seed) {
        BatchId id = batchId(new Random(seed));

        String wire = id.toString();

        assertThat(BatchId.parse(wire)).isEqualTo(id);
        assertThat(wire.length()).isLessThanOrEqualTo(BatchId.MAX_LENGTH);
        assertThat(Ids.isSafeAscii(wire, BatchId.MAX_LENGTH)).isTrue();
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("windowSeeds")
    void different_windows_of_one_boot_give_different_ids(long seed) {
        BatchId id = batchId(new Random(seed));

        var next = new BatchId(id.hardwareId(), id.bootId(), id.windowEndMs() + 1, id.windowEndMs() + 60_000);

        assertThat(next.toString()).isNotEqualTo(id.toString());
    }

    private static BatchId batchId(Random r) {
        long start = WireCases.timestamp(r);
        long end = WireCases.between(r, start, WireCases.MAX_MS - 1);
        return new BatchId(WireCases.mac(r), WireCases.bootId(r), start, end);
    }
}
