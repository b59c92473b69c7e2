package com.scalesense.sink.store;

import com.scalesense.sink.LocationSettings;
import com.scalesense.sink.alerts.AlertState;

/**
 * What the table said when a batch was read in.
 *
 * @param beerId beer_id of the tared keg's META item, or null
 */
public record IngestContext(LocationSettings settings, AlertState alerts, String beerId) {
}
