package com.scalesense.sink.admin;

import static org.assertj.core.api.Assertions.assertThat;

import com.scalesense.sink.tables.Keys;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class BeerItemsTest {

    @Test
    void stores_a_beers_decimals_in_the_form_ingestion_writes() {
        // Guards issue 16: admin.internal.Dynamo kept trailing zeros (abv 5.0 as "5.0") where
        // ingestion stripped them; the beer item now holds the one encoding of tables.Attr.
        Beer beer = new Beer("stout", null, "Stout", null, null, 5.0, 1.050);

        var item = BeerItems.meta(beer, Keys.beerMeta("stout"), Instant.EPOCH);

        assertThat(item.get("abv").n()).isEqualTo("5");
        assertThat(item.get("specific_gravity").n()).isEqualTo("1.05");
        assertThat(BeerItems.beer(item)).isEqualTo(beer);
    }
}
