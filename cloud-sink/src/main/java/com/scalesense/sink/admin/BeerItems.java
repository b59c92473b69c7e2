package com.scalesense.sink.admin;

import static com.scalesense.sink.tables.Attr.n;
import static com.scalesense.sink.tables.Attr.s;

import com.scalesense.sink.tables.Attr;
import com.scalesense.sink.tables.ItemKey;
import java.time.Instant;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * How a {@link Beer} is stored: the same attributes on its META item and its catalog entry.
 * Public because the seed loader writes the same items as {@link BeerLibrary}.
 */
public final class BeerItems {

    private BeerItems() {
    }

    public static Map<String, AttributeValue> meta(Beer beer, ItemKey key, Instant now) {
        Map<String, AttributeValue> item = new HashMap<>(Attr.key(key));
        item.put("beer_id", s(beer.id()));
        item.put("name", s(beer.name()));
        item.put("specific_gravity", n(beer.specificGravity()));
        item.put("updated_at", s(now.toString()));
        // No loc_id attribute: it would put every custom beer into loc_id-index.
        if (beer.isCustom()) {
            item.put("owner_loc_id", s(beer.locId()));
        }
        if (beer.brewery() != null) {
            item.put("brewery", s(beer.brewery()));
        }
        if (beer.style() != null) {
            item.put("style", s(beer.style()));
        }
        if (beer.abv() != null) {
            item.put("abv", n(beer.abv()));
        }
        return item;
    }

    public static Beer beer(Map<String, AttributeValue> item) {
        Double sg = Attr.dec(item, "specific_gravity");
        return new Beer(Attr.str(item, "beer_id"), Attr.str(item, "owner_loc_id"),
                Attr.str(item, "name"), Attr.str(item, "brewery"), Attr.str(item, "style"),
                Attr.dec(item, "abv"), sg == null ? Beer.DEFAULT_SPECIFIC_GRAVITY : sg);
    }

    public static String searchText(Beer beer) {
        return Stream.of(beer.name(), beer.brewery(), beer.style()).filter(x -> x != null)
                .collect(Collectors.joining(" ")).toLowerCase(Locale.ROOT);
    }
}
