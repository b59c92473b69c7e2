package com.scalesense.demo;

import com.scalesense.arch.ArchRules;
import com.tngtech.archunit.core.domain.JavaClasses;
import org.junit.jupiter.api.Test;

/**
 * The demo's production classes use the agent and the sink through their public packages (its
 * AgentBoot opened outbox.internal.SqliteOutbox) and have no package cycles. Guards issue 16 item 4.
 */
class DemoArchitectureTest {

    private static final JavaClasses CLASSES = ArchRules.productionClassesOf("com.scalesense.demo");

    @Test
    void internal_packages_are_used_only_from_inside_their_parent() {
        ArchRules.internalsStayInside().check(CLASSES);
    }

    @Test
    void packages_do_not_depend_on_each_other_in_a_cycle() {
        ArchRules.noCyclesBelow("com.scalesense.demo").check(CLASSES);
    }
}
