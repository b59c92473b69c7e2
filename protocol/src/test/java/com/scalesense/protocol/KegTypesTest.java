package com.scalesense.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Seed 000's keg type table has one copy, {@link KegTypes}; the seeds file must agree with it. */
class KegTypesTest {

    /** The repository's seeds, as the sink's seed loader reads them. */
    private static final Path SEEDS = Path.of("..", "seeds");

    @Test
    void seeds_file_lists_exactly_the_protocol_table_in_order() throws IOException {
        // Guards issue 16: the table lived in the agent, the sink and seeds/keg-types.json, free to drift.
        // Given seeds/keg-types.json, when each row is read as a KegReference
        List<KegReference> inFile = new ArrayList<>();
        for (JsonNode t : new ObjectMapper().readTree(SEEDS.resolve("keg-types.json").toFile()).path("keg_types")) {
            inFile.add(new KegReference(t.path("id").asText(), t.path("gallons").asDouble(), t.path("full_lbs").asDouble(),
                    t.path("empty_lbs").asDouble()));
        }
        // then they are the protocol's table, row for row
        assertThat(inFile).isEqualTo(KegTypes.ALL);
    }

    @Test
    void byId_finds_a_row_and_nothing_for_an_unknown_or_null_id() {
        assertThat(KegTypes.byId("sixth_barrel")).contains(KegTypes.SIXTH_BARREL);
        assertThat(KegTypes.byId("firkin")).isEmpty();
        assertThat(KegTypes.isKegType(null)).isFalse();
    }

    @Test
    void timestamps_are_valid_in_seed_001s_range_only() {
        assertThat(Timestamps.isValid(Timestamps.MIN_MS)).isTrue();
        assertThat(Timestamps.isValid(Timestamps.MIN_MS - 1)).isFalse();
        assertThat(Timestamps.isValid(Timestamps.MAX_MS)).isTrue();
        assertThat(Timestamps.isValid(Timestamps.END_MS)).isFalse();
    }
}
