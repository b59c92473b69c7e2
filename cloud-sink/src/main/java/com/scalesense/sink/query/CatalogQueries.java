package com.scalesense.sink.query;

import com.scalesense.sink.tables.Keys;
import com.scalesense.sink.tables.TableNames;
import com.scalesense.sink.validation.Fields;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Seed 000 access patterns on beers and kegs: beer profile, beer keg weights, keg lifecycle, keg tare. */
public final class CatalogQueries {

    private final Reads reads;

    public CatalogQueries(DynamoDbClient client, TableNames names) {
        this.reads = new Reads(client, names.scaleSense());
    }

    /** {@code PK=BEER#<id>, SK=META}; the id of a custom beer is {@code <loc_id>#<id>}. */
    public Optional<Item> beerProfile(String beerRef) {
        return reads.get(Keys.beerMeta(Fields.beerRef(beerRef)));
    }

    /** {@code PK=BEER#<id>, SK begins_with KEG#}, by keg type. */
    public List<KegWeights> beerKegWeights(String beerRef) {
        return reads.prefix("BEER#" + Fields.beerRef(beerRef), "KEG#", true).stream().map(KegWeights::of).toList();
    }

    /** {@code PK=KEG#<keg_id>, SK=META}. */
    public Optional<Item> kegLifecycle(String kegId) {
        return reads.get(Keys.kegMeta(Fields.match("keg_id", kegId, Fields.KEG_ID)));
    }

    /** {@code PK=KEG#<keg_id>, SK=TARE}. */
    public Optional<Item> kegTare(String kegId) {
        return reads.get(Keys.kegTare(Fields.match("keg_id", kegId, Fields.KEG_ID)));
    }
}
