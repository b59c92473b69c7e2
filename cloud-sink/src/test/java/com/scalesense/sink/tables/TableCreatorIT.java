package com.scalesense.sink.tables;

import static org.assertj.core.api.Assertions.assertThat;

import com.scalesense.sink.testing.WithLocalDynamo;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;

class TableCreatorIT extends WithLocalDynamo {



    @Test
    void creates_seed_001_tables_with_locked_keys_indexes_and_ttl() {
        TableNames names = dynamo.freshTables();

        var readings = dynamo.client().describeTable(b -> b.tableName(names.deviceReadings())).table();
        assertThat(readings.keySchema()).extracting(KeySchemaElement::attributeName)
                .containsExactly("hardware_id", "ts_batch");
        var devices = dynamo.client().describeTable(b -> b.tableName(names.devices())).table();
        assertThat(devices.globalSecondaryIndexes()).extracting(GlobalSecondaryIndexDescription::indexName)
                .containsExactly("gsi1");
        var apiKeys = dynamo.client().describeTable(b -> b.tableName(names.apiKeys())).table();
        assertThat(apiKeys.globalSecondaryIndexes()).extracting(GlobalSecondaryIndexDescription::indexName)
                .containsExactlyInAnyOrder("api_key_hash_index", "gsi1");
        var ttl = dynamo.client().describeTimeToLive(b -> b.tableName(names.processedBatches()))
                .timeToLiveDescription();
        assertThat(ttl.attributeName()).isEqualTo("expiration_time");
        assertThat(ttl.timeToLiveStatus()).isEqualTo(TimeToLiveStatus.ENABLED);
    }

    @Test
    void creates_single_table_with_its_five_indexes_and_expires_at_ttl() {
        TableNames names = dynamo.freshTables();

        var table = dynamo.client().describeTable(b -> b.tableName(names.scaleSense())).table();

        assertThat(table.tableName()).isEqualTo(names.prefix() + "scale-sense");
        assertThat(table.globalSecondaryIndexes()).extracting(GlobalSecondaryIndexDescription::indexName)
                .containsExactlyInAnyOrder(Tables.LOC_ID_INDEX, Tables.DEVICE_INDEX,
                        Tables.LOCATION_BATTERY_INDEX, Tables.ESCALATION_INDEX, Tables.DISCONNECTED_INDEX);
        assertThat(dynamo.client().describeTimeToLive(b -> b.tableName(names.scaleSense()))
                .timeToLiveDescription().attributeName()).isEqualTo("expires_at");
    }

    @Test
    void creating_twice_leaves_existing_tables_in_place() {
        TableNames names = dynamo.freshTables();

        new TableCreator(dynamo.client(), names).createAll();

        assertThat(dynamo.client().listTables().tableNames()).filteredOn(n -> n.startsWith(names.prefix()))
                .hasSize(Tables.ALL.size());
    }
}
