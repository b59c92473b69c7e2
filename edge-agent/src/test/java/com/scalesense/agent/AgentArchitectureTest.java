package com.scalesense.agent;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.scalesense.arch.ArchRules;
import com.tngtech.archunit.core.domain.JavaClasses;
import org.junit.jupiter.api.Test;

/**
 * The agent's layout as STYLE.md habit 1 and DESIGN.md have it, checked on its production
 * classes: internals (store, outbox, publish, control) used only from their parent; the
 * measurement, batching and uplink logic names no SDK; no package cycles. Guards issue 16 item 4
 * (AgentParts and scale-cal opened SqliteOutbox/MapDbNvsStore, config read publish.internal.PemTls).
 */
class AgentArchitectureTest {

    private static final JavaClasses CLASSES = ArchRules.productionClassesOf("com.scalesense.agent");

    @Test
    void internal_packages_are_used_only_from_inside_their_parent() {
        ArchRules.internalsStayInside().check(CLASSES);
    }

    @Test
    void pipeline_batch_and_uplink_name_no_sdk() {
        ArchRules.noSdkIn("com.scalesense.agent.pipeline..", "com.scalesense.agent.batch..",
                "com.scalesense.agent.uplink..").check(CLASSES);
    }

    /**
     * Issue 18: the wire records and the stored values go through jackson-core (the protocol's
     * codec, the store's RecordJson); databind was 678 of the agent's classes. Only the control
     * socket, used when a technician connects, still binds with it.
     */
    @Test
    void only_the_control_socket_binds_json_with_jackson_databind() {
        noClasses().that().resideOutsideOfPackage("com.scalesense.agent.control..")
                .should().dependOnClassesThat().resideInAPackage("com.fasterxml.jackson.databind..")
                .because("sampling, batching, publishing and the stores run all day and must not load databind")
                .check(CLASSES);
    }

    @Test
    void packages_do_not_depend_on_each_other_in_a_cycle() {
        ArchRules.noCyclesBelow("com.scalesense.agent").check(CLASSES);
    }
}
