package com.scalesense.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.Optional;

/**
 * The rules of STYLE.md habit 1, written once for every module's architecture test: a package's
 * {@code internal} is used only from inside that package; the measurement logic names no SDK;
 * packages do not depend on each other in a circle. Each module's test applies them to its own
 * production classes (tests may reach internals to build fixtures).
 */
public final class ArchRules {

    /** The libraries logic must not name: GPIO, MQTT, AWS, the stores' engines and JDBC under SQLite. */
    private static final String[] SDKS = {"com.pi4j..", "org.eclipse.paho..", "software.amazon..", "com.amazonaws..",
        "org.mapdb..", "org.sqlite..", "java.sql.."};

    private ArchRules() {
    }

    /** The production classes of {@code rootPackage}, without tests (which may reach internals to build fixtures). */
    public static JavaClasses productionClassesOf(String rootPackage) {
        return new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(rootPackage);
    }

    /**
     * A class in {@code a.b.internal..} is used only by classes in {@code a.b..}: the package that owns
     * the internal and its sub-packages. Anything else goes through {@code a.b}'s public types.
     */
    public static ArchRule internalsStayInside() {
        return classes().should(new ArchCondition<JavaClass>("use an internal package only from inside its parent") {
            @Override
            public void check(JavaClass origin, ConditionEvents events) {
                for (Dependency d : origin.getDirectDependenciesFromSelf()) {
                    parentOfInternal(d.getTargetClass().getPackageName())
                            .filter(parent -> !inside(origin.getPackageName(), parent))
                            .ifPresent(parent -> events.add(SimpleConditionEvent.violated(d,
                                    d.getDescription() + ": " + parent + ".internal is for " + parent + ".. only")));
                }
            }
        }).allowEmptyShould(true);
    }

    /** Classes in {@code packages} (ArchUnit package patterns) name no SDK of {@link #SDKS}. */
    public static ArchRule noSdkIn(String... packages) {
        return noClasses().that().resideInAnyPackage(packages)
                .should().dependOnClassesThat().resideInAnyPackage(SDKS)
                .because("logic sees LoadCell, Outbox, Publisher and NvsStore, never a driver (DESIGN.md)")
                .allowEmptyShould(true);
    }

    /**
     * No cycle among the packages right below {@code root} (a package and everything under it is one
     * slice, so {@code store} and {@code store.internal} are one).
     */
    public static ArchRule noCyclesBelow(String root) {
        return slices().matching(root + ".(*)..").should().beFreeOfCycles().allowEmptyShould(true);
    }

    /** The package owning the {@code internal} segment of {@code pkg}, if it has one. */
    static Optional<String> parentOfInternal(String pkg) {
        if (!pkg.startsWith("com.scalesense.")) {
            return Optional.empty();
        }
        int i = (pkg + ".").indexOf(".internal.");
        return i < 0 ? Optional.empty() : Optional.of(pkg.substring(0, i));
    }

    private static boolean inside(String pkg, String parent) {
        return pkg.equals(parent) || pkg.startsWith(parent + ".");
    }
}
