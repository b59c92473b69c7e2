package com.scalesense.sink.admin;

import static com.scalesense.sink.tables.Attr.s;

import com.scalesense.sink.tables.ItemKey;
import com.scalesense.sink.tables.Keys;
import com.scalesense.sink.tables.Table;
import com.scalesense.sink.tables.TableNames;
import com.scalesense.sink.validation.Fields;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * The beer library of seed 000: global beers ({@code BEER#<id>}) and beers custom to one
 * location ({@code BEER#<loc_id>#<id>}).
 *
 * <p>Listing without a scan: every profile has a catalog entry in its scope's partition
 * ({@code BEERS#GLOBAL} or {@code BEERS#<loc_id>}, SK {@code BEER#<ref>}), written in the same
 * transaction as the profile, so the two never disagree. A search for a location reads those
 * two partitions with one Query each. A library is hundreds of beers, a few KB per page.
 */
public final class BeerLibrary {

    /** 1 MB pages; 20 pages is far beyond any real library and bounds a runaway partition. */
    private static final int MAX_PAGES = 20;

    private final Table table;
    private final Clock clock;

    public BeerLibrary(DynamoDbClient client, TableNames names, Clock clock) {
        this.table = new Table(client, names.scaleSense());
        this.clock = clock;
    }

    /** Adds a beer. @throws ConflictException if a beer with this ref exists */
    public void create(Beer beer) {
        write(beer, "attribute_not_exists(PK)", "already exists");
    }

    /** Replaces a beer's profile; its keg weights are untouched. @throws NotFoundException if absent */
    public void update(Beer beer) {
        try {
            write(beer, "attribute_exists(PK)", "does not exist");
        } catch (ConflictException e) {
            throw new NotFoundException("beer", beer.ref());
        }
    }

    public Optional<Beer> get(String beerRef) {
        Map<String, AttributeValue> item = table.get(Keys.beerMeta(Fields.beerRef(beerRef)), true);
        return item.isEmpty() ? Optional.empty() : Optional.of(BeerItems.beer(item));
    }

    /**
     * Beers a location can pour whose name, brewery or style contains {@code text} (case-insensitive;
     * blank matches all): the global library plus the location's own, ordered by name.
     */
    public List<Beer> search(String locId, String text) {
        Fields.match("loc_id", locId, Fields.LOC_ID);
        String needle = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        List<Beer> found = new ArrayList<>();
        for (String scope : List.of(Keys.BEER_CATALOG_GLOBAL, locId)) {
            QueryRequest q = QueryRequest.builder()
                    .keyConditionExpression("PK = :pk")
                    .expressionAttributeValues(Map.of(":pk", s(Keys.beerCatalog(scope)))).build();
            table.queryAll(q, MAX_PAGES, BeerItems::beer).stream()
                    .filter(b -> needle.isEmpty() || BeerItems.searchText(b).contains(needle))
                    .forEach(found::add);
        }
        found.sort(Comparator.comparing((Beer b) -> b.name().toLowerCase(Locale.ROOT)).thenComparing(Beer::ref));
        return found;
    }

    private void write(Beer beer, String condition, String failure) {
        String scope = beer.isCustom() ? beer.locId() : Keys.BEER_CATALOG_GLOBAL;
        ItemKey catalogKey = Keys.beerCatalogEntry(scope, beer.ref());
        Map<String, AttributeValue> meta = BeerItems.meta(beer, Keys.beerMeta(beer.ref()), clock.instant());
        Map<String, AttributeValue> entry = BeerItems.meta(beer, catalogKey, clock.instant());
        try {
            table.transact(List.of(
                    TransactWriteItem.builder().put(Put.builder().tableName(table.name()).item(meta)
                            .conditionExpression(condition).build()).build(),
                    TransactWriteItem.builder().put(Put.builder().tableName(table.name()).item(entry).build()).build()));
        } catch (TransactionCanceledException e) {
            throw new ConflictException("beer", beer.ref(), failure);
        }
    }
}
