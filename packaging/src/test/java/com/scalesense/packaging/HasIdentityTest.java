package com.scalesense.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The unit's ExecCondition (src/deb/libexec/has-identity), run by /bin/sh as systemd runs it.
 * Guards the crash loop of a fresh install: the example agent.conf has no identity, the agent
 * exited 78 at every boot and the unit showed "failed" with no hint what to do.
 */
class HasIdentityTest {

    private static final Path SCRIPT = Path.of("src/deb/libexec/has-identity");
    private static final Path EXAMPLE = Path.of("../systemd/agent.conf.example");

    @TempDir
    Path dir;

    record Run(int status, String stderr) {
    }

    @Test
    void skips_the_start_and_names_every_missing_key_when_the_shipped_config_has_no_identity() throws Exception {
        // given the agent.conf the package installs
        Path conf = Files.copy(EXAMPLE, dir.resolve("agent.conf"));

        Run run = check(conf, Map.of());

        assertThat(run.status()).isEqualTo(1);
        assertThat(run.stderr()).contains("device.hardware_id device.device_id device.loc_id device.tap_id")
                .contains("sudo scale-cal setup");
    }

    @Test
    void lets_the_agent_start_once_all_four_device_keys_are_set() throws Exception {
        Path conf = withIdentity("device.tap_id = loc-001#TAP#07");

        assertThat(check(conf, Map.of())).isEqualTo(new Run(0, ""));
    }

    @Test
    void names_only_the_key_still_missing_and_reads_the_last_line_of_a_key() throws Exception {
        // given a tap set, then blanked further down (the agent's reader keeps the last line)
        Path conf = withIdentity("device.tap_id = loc-001#TAP#07\ndevice.tap_id =");

        Run run = check(conf, Map.of());

        assertThat(run.status()).isEqualTo(1);
        assertThat(run.stderr()).contains("identity: device.tap_id not set in " + conf);
    }

    @Test
    void counts_an_environment_override_as_the_agent_does() throws Exception {
        Path conf = withIdentity("");

        Run run = check(conf, Map.of("SCALE_SENSE_DEVICE_TAP_ID", "loc-001#TAP#07"));

        assertThat(run.status()).isZero();
    }

    @Test
    void skips_the_start_and_says_so_when_the_config_cannot_be_read() throws Exception {
        Run run = check(dir.resolve("missing.conf"), Map.of());

        assertThat(run.status()).isEqualTo(1);
        assertThat(run.stderr()).contains("cannot read " + dir.resolve("missing.conf"));
    }

    private Path withIdentity(String tapLines) throws IOException {
        return Files.writeString(dir.resolve("agent.conf"), """
                # identity as scale-cal setup writes it
                device.hardware_id = B8:27:EB:12:34:56
                device.device_id=SCALE-0042
                  device.loc_id   =   loc-001
                """ + tapLines + "\n");
    }

    private static Run check(Path conf, Map<String, String> env) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder("/bin/sh", SCRIPT.toString(), conf.toString());
        pb.environment().keySet().removeIf(k -> k.startsWith("SCALE_SENSE_"));
        pb.environment().putAll(env);
        pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        Process p = pb.start();
        String stderr = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        return new Run(p.waitFor(), stderr);
    }
}
