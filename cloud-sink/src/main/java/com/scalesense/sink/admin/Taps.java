package com.scalesense.sink.admin;

import static com.scalesense.sink.tables.Attr.key;
import static com.scalesense.sink.tables.Attr.s;

import com.scalesense.sink.tables.ItemKey;
import com.scalesense.sink.tables.Keys;
import com.scalesense.sink.tables.Table;
import com.scalesense.sink.tables.TableNames;
import com.scalesense.sink.validation.Fields;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Creates a tap's config item ({@code LOCATION#<loc_id>/TAP#nn}) so a scale can be registered
 * to it and kegs assigned. Never overwrites: an existing tap carries its keg and scale.
 */
public final class Taps {

    private final Table table;

    public Taps(DynamoDbClient client, TableNames names) {
        this.table = new Table(client, names.scaleSense());
    }

    /**
     * @param name display name, e.g. {@code Tap 7}
     * @return the tap_id, e.g. {@code loc-001#TAP#07}
     * @throws ConflictException if the tap exists
     */
    public String create(String locId, String tapNumber, String name) {
        Fields.match("loc_id", locId, Fields.LOC_ID);
        Fields.match("tap_number", tapNumber, Fields.TAP_NUMBER);
        String tapId = locId + "#TAP#" + tapNumber;
        Map<String, AttributeValue> item = new HashMap<>(key(Keys.tapConfig(locId, tapNumber)));
        item.put("tap_id", s(tapId));
        item.put("name", s(Fields.text("name", name, 60)));
        if (!table.putIfAbsent(item, ItemKey.PK)) {
            throw new ConflictException("tap", tapId, "already exists");
        }
        return tapId;
    }
}
