package com.scalesense.cal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocationsTest {

    @TempDir
    Path dir;

    @Test
    void reads_state_dir_socket_and_outbox_bound_from_the_agents_config() throws Exception {
        Path conf = Files.writeString(dir.resolve("agent.conf"), "state.dir = /srv/scale\n"
                + "control.socket = /run/scale-sense/control.sock\noutbox.max_bytes = 1048576\n");

        Locations l = Locations.resolve(conf, true, null, null, Map.of());

        assertThat(l.stateDir()).isEqualTo(Path.of("/srv/scale"));
        assertThat(l.socket()).isEqualTo(Path.of("/run/scale-sense/control.sock"));
        assertThat(l.outboxMaxBytes()).isEqualTo(1_048_576);
        assertThat(l.nvsFile()).isEqualTo(Path.of("/srv/scale/nvs.db"));
    }

    @Test
    void without_a_config_file_uses_the_agents_defaults() {
        Locations l = Locations.resolve(dir.resolve("missing.conf"), false, null, null, Map.of());

        assertThat(l.stateDir()).isEqualTo(Path.of("/var/lib/scale-sense"));
        assertThat(l.socket()).isEqualTo(Path.of("/var/lib/scale-sense/control.sock"));
    }

    @Test
    void the_environment_overrides_the_file_and_flags_override_both() throws Exception {
        Path conf = Files.writeString(dir.resolve("agent.conf"), "state.dir = /srv/scale\n");

        Locations env = Locations.resolve(conf, true, null, null, Map.of("SCALE_SENSE_STATE_DIR", "/env/scale"));
        Locations flags = Locations.resolve(conf, true, Path.of("/tmp/x.sock"), Path.of("/flag/scale"),
                Map.of("SCALE_SENSE_STATE_DIR", "/env/scale"));

        assertThat(env.stateDir()).isEqualTo(Path.of("/env/scale"));
        assertThat(flags.stateDir()).isEqualTo(Path.of("/flag/scale"));
        assertThat(flags.socket()).isEqualTo(Path.of("/tmp/x.sock"));
    }

    @Test
    void a_state_dir_flag_moves_the_default_socket_with_it() throws Exception {
        Path conf = Files.writeString(dir.resolve("agent.conf"), "control.socket = /run/other.sock\n");

        Locations l = Locations.resolve(conf, true, null, Path.of("/flag/scale"), Map.of());

        assertThat(l.socket()).isEqualTo(Path.of("/flag/scale/control.sock"));
    }
}
