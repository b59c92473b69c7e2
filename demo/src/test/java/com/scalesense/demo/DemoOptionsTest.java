package com.scalesense.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DemoOptionsTest {

    @Test
    void durations_read_as_hours_and_minutes() {
        assertThat(Demo.parseDuration("6h")).isEqualTo(Duration.ofHours(6));
        assertThat(Demo.parseDuration("2h30m")).isEqualTo(Duration.ofMinutes(150));
        assertThat(Demo.parseDuration("90m")).isEqualTo(Duration.ofMinutes(90));
    }

    @Test
    void a_bad_duration_names_the_option_the_value_and_the_rule() {
        assertThatThrownBy(() -> Demo.parseDuration("six hours"))
                .isInstanceOfSatisfying(InvalidOptionException.class, e -> {
                    assertThat(e.option()).isEqualTo("--duration");
                    assertThat(e.value()).isEqualTo("six hours");
                    assertThat(e.rule()).contains("6h");
                });
    }

    @Test
    void faults_are_read_by_their_option_names_and_none_means_none() {
        assertThat(Demo.parseFaults("broker-outage, agent-kill")).containsExactlyInAnyOrder(Fault.BROKER_OUTAGE,
                Fault.AGENT_KILL);
        assertThat(Demo.parseFaults("none")).isEmpty();
        assertThatThrownBy(() -> Demo.parseFaults("power-cut"))
                .isInstanceOfSatisfying(InvalidOptionException.class, e -> assertThat(e.getMessage())
                        .contains("--faults", "power-cut", "broker-outage, sink-crash, agent-kill, duplicates"));
    }

    @Test
    void the_config_refuses_scales_speed_and_duration_outside_their_ranges() {
        assertThatThrownBy(() -> new DemoConfig(9, 240, Duration.ofHours(6), 1, Set.of(), 0))
                .hasMessageContaining("--scales").hasMessageContaining("'9'");
        assertThatThrownBy(() -> new DemoConfig(4, 0, Duration.ofHours(6), 1, Set.of(), 0))
                .hasMessageContaining("--speed");
        assertThatThrownBy(() -> new DemoConfig(4, 240, Duration.ofMinutes(5), 1, Set.of(), 0))
                .hasMessageContaining("--duration");
    }

    @Test
    void a_port_outside_0_to_65535_names_the_option_and_the_rule() {
        // --serve listens on --api-port: 70000 used to surface as the JDK's "port out of range" from the server
        assertThat(Demo.checkPort("--api-port", 0)).isZero();
        assertThat(Demo.checkPort("--api-port", 8080)).isEqualTo(8080);
        assertThatThrownBy(() -> Demo.checkPort("--api-port", 70_000))
                .isInstanceOfSatisfying(InvalidOptionException.class, e -> {
                    assertThat(e.option()).isEqualTo("--api-port");
                    assertThat(e.value()).isEqualTo("70000");
                    assertThat(e.rule()).contains("1..65535", "0 for any free port");
                });
    }

    @Test
    void six_hours_at_240x_take_90_real_seconds() {
        assertThat(new DemoConfig(4, 240, Duration.ofHours(6), 1, Set.of(), 0).realSeconds()).isEqualTo(90.0);
    }

    @Test
    void a_port_another_program_holds_is_one_line_naming_the_options_not_a_stack_trace() throws Exception {
        // polish: --serve with 8080 taken printed LocalApiServer's UncheckedIOException and its stack trace
        java.io.StringWriter err = new java.io.StringWriter();
        picocli.CommandLine cmd = new picocli.CommandLine(new Demo()).setErr(new java.io.PrintWriter(err, true));
        Exception busy = new java.io.UncheckedIOException("cannot listen on 127.0.0.1:8080",
                new java.net.BindException("Address already in use"));

        assertThat(Demo.failed(busy, cmd)).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("error: cannot listen on 127.0.0.1:8080: another program listens there;"
                + " choose another port with --api-port, --dynamodb-port or (local-cloud) --broker-port, or 0 for any"
                + " free one" + System.lineSeparator());
        assertThatThrownBy(() -> Demo.failed(new IllegalStateException("a bug"), cmd)).hasMessage("a bug");
    }
}
