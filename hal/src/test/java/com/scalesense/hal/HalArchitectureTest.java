package com.scalesense.hal;

import com.scalesense.arch.ArchRules;
import com.tngtech.archunit.core.domain.JavaClasses;
import org.junit.jupiter.api.Test;

/**
 * hal's layout as STYLE.md habit 1 has it, checked on its production classes: internals
 * (hx711.internal) used only from their parent, no package cycles. Guards issue 16 item 4.
 */
class HalArchitectureTest {

    private static final JavaClasses CLASSES = ArchRules.productionClassesOf("com.scalesense.hal");

    @Test
    void internal_packages_are_used_only_from_inside_their_parent() {
        ArchRules.internalsStayInside().check(CLASSES);
    }

    @Test
    void packages_do_not_depend_on_each_other_in_a_cycle() {
        ArchRules.noCyclesBelow("com.scalesense.hal").check(CLASSES);
    }
}
