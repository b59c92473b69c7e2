package com.scalesense.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The .deb that {@code package} built, read back as dpkg would: what an installer relies on
 * (paths in Debian's places, the conffile, the Java dependency, maintainer scripts that run).
 * The file comes from the pom (deb.file); this runs in verify, after package.
 */
class DebPackageIT {

    private static DebArchive deb;

    @BeforeAll
    static void readPackage() throws IOException {
        deb = DebArchive.read(Path.of(System.getProperty("deb.file")));
    }

    @Test
    void is_a_format_2_package_for_every_architecture_needing_a_headless_java_17() {
        var fields = deb.fields();

        assertThat(deb.debianBinary()).isEqualTo("2.0\n");
        assertThat(fields).containsEntry("Package", "scale-sense")
                .containsEntry("Architecture", "all")
                .containsEntry("Version", System.getProperty("deb.version"));
        // Debian's names: the runtime package, or any package providing the virtual runtime.
        assertThat(fields.get("Depends")).contains("openjdk-17-jre-headless | java17-runtime-headless")
                .contains("adduser");
        assertThat(fields.get("Version")).doesNotContain("-SNAPSHOT");
    }

    @Test
    void installs_jars_launchers_unit_and_docs_where_debian_expects_them() {
        assertThat(deb.data()).containsKeys(
                "/usr/share/scale-sense/scale-agent.jar",
                "/usr/share/scale-sense/scale-cal.jar",
                "/usr/bin/scale-agent",
                "/usr/bin/scale-cal",
                "/usr/libexec/scale-sense/has-identity",
                "/lib/systemd/system/scale-agent.service",
                "/etc/scale-sense/agent.conf",
                "/usr/share/bash-completion/completions/scale-cal",
                "/usr/share/man/man1/scale-agent.1.gz",
                "/usr/share/man/man1/scale-cal.1.gz",
                "/usr/share/doc/scale-sense/changelog.Debian.gz",
                "/usr/share/doc/scale-sense/copyright",
                "/usr/share/doc/scale-sense/docs/operations.md");
        assertThat(deb.data().values()).allSatisfy(e -> {
            assertThat(e.user()).as(e.path()).isEqualTo("root");
            assertThat(e.group()).as(e.path()).isEqualTo("root");
        });
    }

    @Test
    void launchers_and_the_identity_check_are_executable_and_data_files_are_not() {
        for (String program : List.of("/usr/bin/scale-agent", "/usr/bin/scale-cal", "/usr/libexec/scale-sense/has-identity")) {
            assertThat(deb.data().get(program).mode()).as(program).isEqualTo(0755);
            assertThat(deb.data().get(program).text()).as(program).startsWith("#!/bin/sh\n");
        }
        assertThat(deb.data().get("/usr/share/scale-sense/scale-agent.jar").mode()).isEqualTo(0644);
        assertThat(deb.data().get("/lib/systemd/system/scale-agent.service").mode()).isEqualTo(0644);
        // Holds broker and certificate paths: not world-readable even before postinst sets the group.
        assertThat(deb.data().get("/etc/scale-sense/agent.conf").mode()).isEqualTo(0640);
    }

    @Test
    void agent_conf_is_a_conffile_so_an_upgrade_keeps_a_technicians_edits() {
        // Guards: without conffiles dpkg overwrites /etc/scale-sense/agent.conf on every upgrade.
        assertThat(deb.control()).containsKey("/conffiles");
        assertThat(deb.control().get("/conffiles").text().lines()).containsExactly("/etc/scale-sense/agent.conf");
    }

    @Test
    void maintainer_scripts_are_present_executable_and_stop_on_the_first_error() {
        for (String script : List.of("/postinst", "/prerm", "/postrm")) {
            var entry = deb.control().get(script);
            assertThat(entry).as(script).isNotNull();
            assertThat(entry.executable()).as(script + " mode " + Integer.toOctalString(entry.mode())).isTrue();
            assertThat(entry.text()).as(script).startsWith("#!/bin/sh\n").contains("\nset -e\n");
        }
        assertThat(deb.control().get("/postinst").text())
                .contains("adduser --system").contains("deb-systemd-helper enable").contains("deb-systemd-invoke");
        assertThat(deb.control().get("/postrm").text()).contains("\"purge\"").contains("rm -rf /var/lib/scale-sense /etc/scale-sense");
    }

    @Test
    void the_unit_and_launchers_name_only_files_the_package_installs() {
        // Guards a unit left pointing at the old /opt/scale-sense layout of systemd/install.sh.
        String unit = deb.data().get("/lib/systemd/system/scale-agent.service").text();
        assertThat(unit).contains("ExecStart=/usr/bin/scale-agent ")
                .contains("ExecCondition=/usr/libexec/scale-sense/has-identity ")
                .doesNotContain("/opt/scale-sense");
        assertThat(deb.data().get("/usr/bin/scale-agent").text()).contains("-jar /usr/share/scale-sense/scale-agent.jar");
        assertThat(deb.data().get("/usr/bin/scale-cal").text())
                .contains("-cp \"$lib/scale-cal.jar:$lib/picocli.jar:$lib/scale-agent.jar\" com.scalesense.cal.ScaleCal")
                .contains("lib=/usr/share/scale-sense\n");
    }

    @Test
    void the_unit_and_the_launcher_run_the_agent_with_the_same_jvm_flags_and_this_jvm_accepts_each()
            throws IOException, InterruptedException {
        // Guards issue 18: the unit ran a 96 MB heap (124 MB RSS after an hour); the launcher had
        // no flags of its own, and a flag the JVM refuses would stop the agent from starting at all.
        String unit = deb.data().get("/lib/systemd/system/scale-agent.service").text();
        String launcher = deb.data().get("/usr/bin/scale-agent").text();
        String unitFlags = between(unit, "Environment=\"JAVA_OPTS=", "\"\n");
        String launcherFlags = between(launcher, ": \"${JAVA_OPTS=", "}\"\n");

        assertThat(unitFlags).isEqualTo(launcherFlags).contains("-Xmx16m", "-XX:+UseSerialGC", "-XX:-UsePerfData")
                // an older Java 17 (before 17.0.9: no TrimNativeHeapInterval) starts the agent all the same
                .startsWith("-XX:+IgnoreUnrecognizedVMOptions ");
        List<String> command = new java.util.ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        // without the ignore flag, so a flag this JVM does not know still fails here
        command.addAll(List.of(unitFlags.replace("-XX:+IgnoreUnrecognizedVMOptions ", "").split(" ")));
        command.add("-version");
        Process java = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(java.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(java.waitFor()).as(output).isZero();
    }

    @Test
    void postinst_builds_the_class_data_archive_the_launcher_uses_only_if_present_and_remove_drops_it() {
        // Guards issue 18: the archive is made on the scale for the jar installed; a missing one
        // (a failed build, a chroot) must not stop the agent, and a stale one must not outlive its jar.
        String launcher = deb.data().get("/usr/bin/scale-agent").text();
        // the class-list run goes online against the agent's stand-in broker (issue 18: the online path archived too)
        assertThat(launcher).contains("\"--dump-cds\"").contains("-XX:DumpLoadedClassList=")
                .contains("--simulate --cds-training --config \"$scratch/agent.conf\"")
                .contains("-Xshare:dump -XX:SharedClassListFile=").contains("-cp /usr/share/scale-sense/scale-agent.jar >>")
                .contains("if [ -r \"$cds\" ]; then").contains("-XX:SharedArchiveFile=$cds")
                .contains("cds=/var/cache/scale-sense/scale-agent.jsa\n");
        assertThat(deb.control().get("/postinst").text()).contains("\n    scale-agent --dump-cds ||");
        assertThat(deb.control().get("/postrm").text()).contains("rm -rf /var/cache/scale-sense");
    }

    private static String between(String text, String start, String end) {
        int from = text.indexOf(start);
        assertThat(from).as("'%s' in%n%s", start, text).isNotNegative();
        from += start.length();
        return text.substring(from, text.indexOf(end, from));
    }

    @Test
    void ships_the_agents_libraries_once_with_scale_cal_running_on_the_agent_jar() throws IOException {
        // Guards the 114 MB package that carried two 57 MB shaded jars of the same libraries.
        assertThat(deb.data()).containsKey("/usr/share/scale-sense/picocli.jar");
        var calEntries = new java.util.ArrayList<String>();
        try (var zip = new java.util.zip.ZipInputStream(new ByteArrayInputStream(deb.data().get("/usr/share/scale-sense/scale-cal.jar").bytes()))) {
            for (var e = zip.getNextEntry(); e != null; e = zip.getNextEntry()) {
                calEntries.add(e.getName());
            }
        }
        assertThat(calEntries).contains("com/scalesense/cal/ScaleCal.class", "com/scalesense/cal/setup/SetupCommand.class")
                .noneMatch(name -> name.startsWith("com/scalesense/agent/") || name.startsWith("picocli/"));
    }

    @Test
    void man_pages_and_completion_describe_scale_cal_as_built() throws IOException {
        String man = gunzip(deb.data().get("/usr/share/man/man1/scale-cal.1.gz").bytes());
        String changelog = gunzip(deb.data().get("/usr/share/doc/scale-sense/changelog.Debian.gz").bytes());

        assertThat(man).startsWith(".TH SCALE-CAL 1 ").contains(".SS scale\\-cal calibrate").contains(".SS scale\\-cal setup");
        assertThat(deb.data().get("/usr/share/bash-completion/completions/scale-cal").text())
                .contains("complete -F _complete_scale-cal").contains("setup");
        assertThat(changelog).startsWith("scale-sense (" + System.getProperty("deb.version") + ") ");
    }

    private static String gunzip(byte[] gz) throws IOException {
        try (var in = new GZIPInputStream(new ByteArrayInputStream(gz))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
