package com.scalesense.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** batch_id's wire form and its parts are one-to-one. */
class BatchIdProperties {

    @Property(tries = 500)
    void parse_reads_back_what_toString_writes(@ForAll("batchIds") BatchId id) {
        String wire = id.toString();
        assertThat(BatchId.parse(wire)).isEqualTo(id);
        assertThat(wire.length()).isLessThanOrEqualTo(BatchId.MAX_LENGTH);
        assertThat(Ids.isSafeAscii(wire, BatchId.MAX_LENGTH)).isTrue();
    }

    @Property(tries = 200)
    void different_windows_of_one_boot_give_different_ids(@ForAll("batchIds") BatchId id) {
        var next = new BatchId(id.hardwareId(), id.bootId(), id.windowEndMs() + 1, id.windowEndMs() + 60_000);
        assertThat(next.toString()).isNotEqualTo(id.toString());
    }

    @Provide
    Arbitrary<BatchId> batchIds() {
        var windows = WireArbitraries.timestamps().flatMap(start ->
                windowEnds(start).map(end -> new long[] {start, end}));
        return Combinators.combine(WireArbitraries.macs(), WireArbitraries.bootIds(), windows)
                .as((mac, boot, w) -> new BatchId(mac, boot, w[0], w[1]));
    }

    private static Arbitrary<Long> windowEnds(long start) {
        return Arbitraries.longs().between(start, WireArbitraries.MAX_MS - 1);
    }
}
