package com.scalesense.cal;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.scalesense.arch.ArchRules;
import com.tngtech.archunit.core.domain.JavaClasses;
import org.junit.jupiter.api.Test;

/**
 * scale-cal's door into the agent, checked on its production classes: no agent internals (it read
 * store.internal.SnapshotNvsStore and outbox.internal.SqliteOutbox), no package cycles, and none
 * of what its pom leaves out of scale-cal.jar (MQTT, AWS, GPIO, sd_notify, the agent's publishing
 * and uplink), which would fail only at run time. Guards issue 16 items 3 and 4.
 */
class CalArchitectureTest {

    private static final JavaClasses CLASSES = ArchRules.productionClassesOf("com.scalesense.cal");

    @Test
    void internal_packages_are_used_only_from_inside_their_parent() {
        ArchRules.internalsStayInside().check(CLASSES);
    }

    @Test
    void packages_do_not_depend_on_each_other_in_a_cycle() {
        ArchRules.noCyclesBelow("com.scalesense.cal").check(CLASSES);
    }

    @Test
    void scale_cal_needs_nothing_its_jar_leaves_out() {
        noClasses().that().resideInAPackage("com.scalesense.cal..")
                .should().dependOnClassesThat().resideInAnyPackage("org.eclipse.paho..", "software.amazon..",
                    "com.pi4j..", "org.newsclub..", "com.scalesense.agent.publish..", "com.scalesense.agent.uplink..",
                    "com.scalesense.agent.notify..")
                .because("calibration-tool/pom.xml excludes these from scale-cal.jar")
                .check(CLASSES);
    }
}
