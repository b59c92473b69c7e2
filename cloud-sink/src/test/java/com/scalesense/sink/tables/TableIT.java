package com.scalesense.sink.tables;

import static org.assertj.core.api.Assertions.assertThat;

import com.scalesense.sink.testing.WithLocalDynamo;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

class TableIT extends WithLocalDynamo {

    @Test
    void put_if_absent_leaves_an_existing_item_as_it_was() {
        // Guards the seed loader's promise: a second load never overwrites a measured weight.
        Table table = new Table(dynamo.client(), dynamo.freshTables().scaleSense());
        ItemKey key = Keys.beerKeg("stout", "half_barrel");
        assertThat(table.putIfAbsent(item(key, 163.2), ItemKey.PK)).isTrue();

        boolean written = table.putIfAbsent(item(key, 161.5), ItemKey.PK);

        assertThat(written).isFalse();
        assertThat(Attr.dec(table.get(key, true), "full_lbs")).isEqualTo(163.2);
    }

    @Test
    void get_of_a_missing_item_is_empty() {
        Table table = new Table(dynamo.client(), dynamo.freshTables().scaleSense());

        assertThat(table.get(Keys.beerMeta("nobody-brews-this"), true)).isEmpty();
    }

    @Test
    void query_all_follows_pages_and_stops_at_the_page_limit() {
        // given five items in one partition, read two per page
        Table table = new Table(dynamo.client(), dynamo.freshTables().scaleSense());
        for (String type : new String[] {"half_barrel", "quarter_barrel", "sixth_barrel", "slim_quarter", "mini"}) {
            table.put(item(Keys.beerKeg("stout", type), 100.0));
        }
        QueryRequest twoPerPage = QueryRequest.builder().keyConditionExpression("PK = :pk")
                .expressionAttributeValues(Map.of(":pk", Attr.s(Keys.beerMeta("stout").pk()))).limit(2).build();

        // then every page is followed up to the limit, and no further
        assertThat(table.queryAll(twoPerPage, 10, i -> Attr.str(i, ItemKey.SK))).hasSize(5);
        assertThat(table.queryAll(twoPerPage, 2, i -> Attr.str(i, ItemKey.SK))).hasSize(4);
        assertThat(table.firstPage(twoPerPage)).hasSize(2);
    }

    private static Map<String, AttributeValue> item(ItemKey key, double fullLbs) {
        Map<String, AttributeValue> item = new HashMap<>(Attr.key(key));
        item.put("full_lbs", Attr.n(fullLbs));
        return item;
    }
}
