package com.scalesense.sink.admin;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.scalesense.sink.tables.IndexDef;
import com.scalesense.sink.tables.KeyAttr;
import com.scalesense.sink.tables.TableDef;
import com.scalesense.sink.tables.Tables;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The deploy template and the table definitions the code creates tables from must not drift:
 * a GSI added in {@link Tables} but not in template.yaml would pass every test on DynamoDB
 * Local and fail in production on the first query.
 */
class TemplateMatchesTableDefinitionsTest {

    static JsonNode resources;

    @BeforeAll
    static void parse() throws IOException {
        resources = new ObjectMapper(new YAMLFactory()).readTree(Path.of("template.yaml").toFile()).get("Resources");
    }

    @Test
    void an_alarm_watches_the_rejection_metric_the_sink_emits() {
        // guards issue 13 class 8: rejections were one log line, with no metric and no alarm
        var alarms = new java.util.ArrayList<JsonNode>();
        resources.forEach(r -> {
            if ("AWS::CloudWatch::Alarm".equals(r.get("Type").asText())) {
                alarms.add(r.get("Properties"));
            }
        });
        assertThat(alarms).anySatisfy(a -> {
            assertThat(a.get("Namespace").asText()).isEqualTo(com.scalesense.sink.rejection.RejectionMetrics.NAMESPACE);
            assertThat(a.get("MetricName").asText()).isEqualTo(com.scalesense.sink.rejection.RejectionMetrics.METRIC);
            assertThat(a.has("Dimensions")).as("the dimensionless total series").isFalse();
        });
    }

    @Test
    void every_table_in_the_code_is_in_the_template_and_no_other() {
        assertThat(templateTables().keySet())
                .containsExactlyInAnyOrderElementsOf(Tables.ALL.stream().map(TableDef::baseName).toList());
    }

    @Test
    void keys_attribute_types_indexes_and_ttl_equal_the_code_definitions() {
        Map<String, JsonNode> tables = templateTables();
        for (TableDef def : Tables.ALL) {
            JsonNode t = tables.get(def.baseName());
            Map<String, String> attrs = new TreeMap<>();
            t.get("AttributeDefinitions").forEach(a -> attrs.put(a.get("AttributeName").asText(), a.get("AttributeType").asText()));
            Map<String, String> expectedAttrs = new TreeMap<>();
            def.keyAttributes().forEach((name, type) -> expectedAttrs.put(name, type.name()));

            assertThat(attrs).as(def.baseName() + " AttributeDefinitions").isEqualTo(expectedAttrs);
            assertThat(keys(t.get("KeySchema"))).as(def.baseName() + " KeySchema")
                    .isEqualTo(keys(def.partitionKey(), def.sortKey()));
            assertThat(indexes(t)).as(def.baseName() + " GlobalSecondaryIndexes").isEqualTo(indexes(def));
            JsonNode ttl = t.get("TimeToLiveSpecification");
            assertThat(ttl == null ? null : ttl.get("AttributeName").asText()).as(def.baseName() + " TTL")
                    .isEqualTo(def.ttlAttribute());
            if (ttl != null) {
                assertThat(ttl.get("Enabled").asBoolean()).isTrue();
            }
        }
    }

    @Test
    void every_table_bills_on_demand_with_point_in_time_recovery() {
        templateTables().forEach((name, t) -> {
            assertThat(t.get("BillingMode").asText()).as(name).isEqualTo("PAY_PER_REQUEST");
            assertThat(t.at("/PointInTimeRecoverySpecification/PointInTimeRecoveryEnabled").asBoolean()).as(name).isTrue();
        });
    }

    @Test
    void every_function_handler_names_a_class_on_the_classpath() throws ClassNotFoundException {
        List<String> handlers = new ArrayList<>();
        resources.forEach(r -> {
            if ("AWS::Serverless::Function".equals(r.get("Type").asText())) {
                handlers.add(r.at("/Properties/Handler").asText());
            }
        });
        assertThat(handlers).hasSize(5);
        for (String h : handlers) {
            Class.forName(h.substring(0, h.indexOf("::")));
        }
    }

    @Test
    void iot_rules_select_the_protocol_topics_and_the_policy_binds_a_thing_to_its_own() {
        assertThat(resources.at("/BatchesRule/Properties/TopicRulePayload/Sql").asText())
                .isEqualTo("SELECT *, topic() AS topic FROM 'scalesense/v1/+/batches'");
        assertThat(resources.at("/RegistrationRule/Properties/TopicRulePayload/Sql").asText())
                .isEqualTo("SELECT *, topic() AS topic FROM 'scalesense/v1/+/registration'");
        String policy = resources.at("/ScalePolicy/Properties/PolicyDocument").toString();
        assertThat(policy).contains("client/${!iot:Connection.Thing.ThingName}",
                "topic/scalesense/v1/${!iot:Connection.Thing.ThingName}/batches",
                "topic/scalesense/v1/${!iot:Connection.Thing.ThingName}/registration",
                "topicfilter/scalesense/v1/${!iot:Connection.Thing.ThingName}/commands")
                .doesNotContain("scalesense/v1/+", "scalesense/v1/#", "\"*\"");
        assertThat(resources.at("/IngestQueue/Properties/RedrivePolicy/maxReceiveCount").asInt()).isPositive();
    }

    @Test
    void every_ref_and_getatt_points_at_a_parameter_or_resource_of_the_template() throws IOException {
        JsonNode root = new ObjectMapper(new YAMLFactory()).readTree(Path.of("template.yaml").toFile());
        Set<String> known = new HashSet<>();
        root.get("Parameters").fieldNames().forEachRemaining(known::add);
        resources.fieldNames().forEachRemaining(known::add);
        List<String> targets = new ArrayList<>();
        collectTargets(root, targets);
        assertThat(targets).isNotEmpty().allSatisfy(t -> assertThat(t.startsWith("AWS::") || known.contains(t))
                .as("unknown Ref/GetAtt target %s", t).isTrue());
    }

    private static void collectTargets(JsonNode node, List<String> out) {
        if (node.isObject()) {
            if (node.has("Ref")) {
                out.add(node.get("Ref").asText());
            }
            if (node.has("Fn::GetAtt")) {
                out.add(node.get("Fn::GetAtt").get(0).asText());
            }
            node.forEach(child -> collectTargets(child, out));
        } else if (node.isArray()) {
            node.forEach(child -> collectTargets(child, out));
        }
    }

    /** Table resources by base name: {@code Fn::Sub "${TablePrefix}devices"} → devices. */
    private static Map<String, JsonNode> templateTables() {
        Map<String, JsonNode> out = new HashMap<>();
        resources.forEach(r -> {
            if ("AWS::DynamoDB::Table".equals(r.get("Type").asText())) {
                JsonNode props = r.get("Properties");
                out.put(props.at("/TableName/Fn::Sub").asText().replace("${TablePrefix}", ""), props);
            }
        });
        return out;
    }

    private static List<String> keys(JsonNode schema) {
        List<String> out = new ArrayList<>();
        schema.forEach(k -> out.add(k.get("KeyType").asText() + ":" + k.get("AttributeName").asText()));
        return out;
    }

    private static List<String> keys(KeyAttr pk, KeyAttr sk) {
        List<String> out = new ArrayList<>(List.of("HASH:" + pk.name()));
        if (sk != null) {
            out.add("RANGE:" + sk.name());
        }
        return out;
    }

    private static Map<String, String> indexes(JsonNode table) {
        Map<String, String> out = new TreeMap<>();
        JsonNode gsis = table.get("GlobalSecondaryIndexes");
        if (gsis != null) {
            gsis.forEach(g -> out.put(g.get("IndexName").asText(), keys(g.get("KeySchema")) + " "
                    + g.at("/Projection/ProjectionType").asText() + " " + included(g.at("/Projection/NonKeyAttributes"))));
        }
        return out;
    }

    private static Map<String, String> indexes(TableDef def) {
        Map<String, String> out = new TreeMap<>();
        for (IndexDef i : def.indexes()) {
            out.put(i.name(), keys(i.partitionKey(), i.sortKey()) + " " + i.projection().name() + " "
                    + new java.util.TreeSet<>(i.includedAttrs()));
        }
        return out;
    }

    private static java.util.TreeSet<String> included(JsonNode attrs) {
        java.util.TreeSet<String> out = new java.util.TreeSet<>();
        attrs.forEach(a -> out.add(a.asText()));
        return out;
    }
}
