package com.scalesense.sink;

import static com.tngtech.archunit.base.DescribedPredicate.describe;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.Arrays;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The sink's package boundaries, checked on its production classes (STYLE.md habit 1; issue 16
 * items 4 and 5): internals stay inside their parent, the domain packages never see the AWS SDK,
 * only the table gateways call DynamoDB, and no two top-level packages depend on each other. The
 * internal, gateway and cycle rules fail on the code before issue 16 (60 dependencies on
 * admin.internal from seed, apikey and query; DynamoDbClient called from admin, seed, apikey and
 * query; cycles admin/apikey, admin/seed, alerts/store); the SDK rule fails when a domain class
 * uses the SDK.
 */
class ArchitectureTest {

    private static final String SINK = "com.scalesense.sink";
    private static final String DYNAMODB_CLIENT = "software.amazon.awssdk.services.dynamodb.DynamoDbClient";
    private static JavaClasses sink;

    @BeforeAll
    static void importSink() {
        sink = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(SINK);
    }

    @Test
    void no_class_reaches_an_internal_package_from_outside_its_parent() {
        // Guards issue 16: seed, apikey and query imported admin.internal.Dynamo and friends.
        classes().should(reachOnlyTheirOwnInternals()).check(sink);
    }

    @Test
    void domain_packages_never_touch_the_aws_sdk() {
        // Guards DESIGN.md: "ingestion sees a table gateway, never raw SDK calls"; the SDK stays
        // in store.dynamo, tables and the admin/query/seed/apikey adapters; the command port's
        // adapter to the IoT data plane is command.iot.
        noClasses().that().resideInAnyPackage(SINK + ".ingest..", SINK + ".alerts..", SINK + ".store",
                        SINK + ".rejection..", SINK + ".validation..", SINK + ".command")
                .should().dependOnClassesThat().resideInAnyPackage("software.amazon..", "com.amazonaws..")
                .check(sink);
    }

    @Test
    void only_the_table_gateways_call_dynamodb() {
        // Guards issue 16 item 5: admin, seed, apikey and query each called DynamoDbClient
        // (11 files); now tables.Table does for them, store.dynamo for ingestion, and handler
        // only builds and closes the client.
        noClasses().that().resideOutsideOfPackages(SINK + ".tables..", SINK + ".store.dynamo..", SINK + ".handler..")
                .should().callMethodWhere(describe("a method of DynamoDbClient",
                        call -> call.getTargetOwner().getName().equals(DYNAMODB_CLIENT)))
                .check(sink);
    }

    @Test
    void top_level_packages_are_free_of_cycles() {
        // Guards issue 16: admin <-> seed <-> apikey (Fields, AdminCli, KegType) and
        // alerts <-> store (OfflineCheck) depended on each other.
        slices().matching(SINK + ".(*)..").should().beFreeOfCycles().check(sink);
    }

    /** A dependency on {@code a.b.internal.X} is allowed only from {@code a.b} or below it. */
    private static ArchCondition<JavaClass> reachOnlyTheirOwnInternals() {
        return new ArchCondition<>("reach an internal package only from inside its parent package") {
            @Override
            public void check(JavaClass origin, ConditionEvents events) {
                for (Dependency d : origin.getDirectDependenciesFromSelf()) {
                    String parent = parentOfInternal(d.getTargetClass().getBaseComponentType().getPackageName());
                    String from = origin.getPackageName();
                    if (parent != null && !from.equals(parent) && !from.startsWith(parent + ".")) {
                        events.add(SimpleConditionEvent.violated(d, d.getDescription()));
                    }
                }
            }
        };
    }

    /** {@code a.b} for {@code a.b.internal} or {@code a.b.internal.c}; null if no segment is {@code internal}. */
    private static String parentOfInternal(String pkg) {
        String[] parts = pkg.split("\\.");
        int i = Arrays.asList(parts).indexOf("internal");
        return i < 0 ? null : String.join(".", Arrays.copyOfRange(parts, 0, i));
    }
}
