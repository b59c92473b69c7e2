package com.scalesense.sink.admin;

import com.scalesense.sink.tables.Keys;
import com.scalesense.sink.tables.Table;
import com.scalesense.sink.tables.TableNames;
import com.scalesense.sink.validation.Fields;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Writes and reads a location's settings ({@code LOCATION#<loc_id>/SETTINGS}). A write replaces
 * all settings at once (one PutItem), so ingestion never reads half of an edit.
 */
public final class LocationSettingsStore {

    private final Table table;
    private final Clock clock;

    public LocationSettingsStore(DynamoDbClient client, TableNames names, Clock clock) {
        this.table = new Table(client, names.scaleSense());
        this.clock = clock;
    }

    /** @return the settings' new version, their {@code updated_at} (what {@code set_low_keg} carries, issue 18) */
    public Instant put(String locId, LocationProfile settings) {
        Fields.match("loc_id", locId, Fields.LOC_ID);
        Instant now = clock.instant();
        table.put(SettingsItems.item(locId, settings, now));
        return now;
    }

    /** The stored settings, missing attributes defaulted; empty if the location has none. */
    public Optional<LocationProfile> get(String locId) {
        Fields.match("loc_id", locId, Fields.LOC_ID);
        Map<String, AttributeValue> item = table.get(Keys.locationSettings(locId), true);
        return item.isEmpty() ? Optional.empty() : Optional.of(SettingsItems.settings(item));
    }
}
