package com.scalesense.sink.tables;

import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Physical table names: a deployment prefix plus the seed's name, so several stacks (or several
 * tests) can share one account or one DynamoDB Local. The empty prefix gives the seeds' names.
 *
 * @param prefix prepended to every base name; letters, digits, '.', '_' and '-' only
 */
public record TableNames(String prefix) {

    /** Environment variable read by the Lambda's no-arg constructors. */
    public static final String PREFIX_ENV = "SCALESENSE_TABLE_PREFIX";

    // DynamoDB table names: 3-255 characters of [a-zA-Z0-9_.-] (DynamoDB naming rules).
    private static final Pattern ALLOWED = Pattern.compile("^[a-zA-Z0-9_.-]{0,200}$");

    public TableNames {
        Objects.requireNonNull(prefix, "Table prefix must not be null.");
        if (!ALLOWED.matcher(prefix).matches()) {
            throw new IllegalArgumentException("Table prefix must match " + ALLOWED.pattern() + ", was '"
                    + (prefix.length() > 64 ? prefix.substring(0, 64) + "…" : prefix) + "'.");
        }
    }

    /** The seeds' names, unprefixed. */
    public static TableNames defaults() {
        return new TableNames("");
    }

    public static TableNames fromEnv(Map<String, String> env) {
        return new TableNames(env.getOrDefault(PREFIX_ENV, ""));
    }

    public String of(TableDef table) {
        return prefix + table.baseName();
    }

    public String devices() {
        return of(Tables.DEVICES);
    }

    public String deviceReadings() {
        return of(Tables.DEVICE_READINGS);
    }

    public String processedBatches() {
        return of(Tables.PROCESSED_BATCHES);
    }

    public String apiKeys() {
        return of(Tables.API_KEYS);
    }

    public String scaleSense() {
        return of(Tables.SCALE_SENSE);
    }
}
