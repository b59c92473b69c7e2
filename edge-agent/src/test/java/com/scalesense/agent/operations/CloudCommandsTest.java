package com.scalesense.agent.operations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scalesense.control.ControlException;
import com.scalesense.agent.control.RecordingControlService;
import com.scalesense.agent.control.RecordingControlService.Assignment;
import com.scalesense.agent.pipeline.LowKegRule;
import com.scalesense.protocol.DeviceCommand;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The cloud's commands, as the inbox hands them over after validation, applied through the control service. */
class CloudCommandsTest {

    private static final long ISSUED_AT_MS = 1_763_790_000_000L;

    private final RecordingControlService control = new RecordingControlService();
    private int restarts;
    private final List<LowKegRule> rules = new ArrayList<>();
    private final CloudCommands commands = new CloudCommands(control, rules::add, () -> restarts++);

    private static DeviceCommand assign(Map<String, String> args) {
        return new DeviceCommand("cmd-20261122-0001", "assign_keg", args, ISSUED_AT_MS);
    }

    @Test
    void assign_keg_carries_the_beer_of_the_command() {
        // docs/protocol.md's example command
        commands.handle(assign(Map.of("keg_id", "keg-20260320-V1St", "keg_type", "half_barrel",
                "beer_id", "guinness-draught")));

        assertThat(control.assignments).containsExactly(
                new Assignment("keg-20260320-V1St", "guinness-draught", "half_barrel", 1.0));
    }

    @Test
    void assign_keg_without_a_beer_leaves_it_unknown_and_takes_the_sg_it_is_given() {
        commands.handle(assign(Map.of("keg_id", "keg-20260320-V1St", "keg_type", "sixth_barrel", "sg", "1.007")));

        assertThat(control.assignments).containsExactly(
                new Assignment("keg-20260320-V1St", null, "sixth_barrel", 1.007));
    }

    @Test
    void an_sg_that_is_not_a_number_is_refused_naming_the_argument_and_nothing_is_assigned() {
        assertThatThrownBy(() -> commands.handle(assign(Map.of("keg_id", "keg-20260320-V1St",
                "keg_type", "half_barrel", "beer_id", "guinness-draught", "sg", "stout"))))
                .isInstanceOf(ControlException.class)
                .hasMessageContaining("args.sg = 'stout'");
        assertThat(control.assignments).isEmpty();
    }

    @Test
    void assign_keg_says_whether_the_keg_is_new_and_full_and_refuses_any_other_word() {
        // issue 12 round 5: the cloud's word that a keg is new and full is what lets the scale claim its level
        commands.handle(assign(Map.of("keg_id", "keg-20260320-V1St", "keg_type", "half_barrel", "full", "true")));
        assertThatThrownBy(() -> commands.handle(assign(Map.of("keg_id", "keg-20260320-V1Su",
                "keg_type", "half_barrel", "full", "yes"))))
                .isInstanceOf(ControlException.class)
                .hasMessageContaining("args.full = 'yes'");

        assertThat(control.assignments).containsExactly(
                new Assignment("keg-20260320-V1St", null, "half_barrel", 1.0, true));
    }

    @Test
    void tare_and_reload_commands_still_reach_their_operations() {
        commands.handle(new DeviceCommand("cmd-1", "tare_empty", Map.of(), ISSUED_AT_MS));
        commands.handle(new DeviceCommand("cmd-2", "reload_config", Map.of(), ISSUED_AT_MS));

        assertThat(control.tares).containsExactly("empty");
        assertThat(restarts).isEqualTo(1);
    }

    @Test
    void set_low_keg_hands_the_rule_with_its_version_to_the_scale() {
        commands.handle(new DeviceCommand("lowkeg-1", "set_low_keg",
                Map.of("low_keg_pct", "20", "grace_period_secs", "600"), ISSUED_AT_MS));

        assertThat(rules).containsExactly(new LowKegRule(20, 600, ISSUED_AT_MS));
    }

    @Test
    void set_low_keg_out_of_range_is_refused_naming_the_field_and_nothing_is_applied() {
        // The inbox's validator refuses it first; this is the line behind it.
        assertThatThrownBy(() -> commands.handle(new DeviceCommand("lowkeg-2", "set_low_keg",
                Map.of("low_keg_pct", "150", "grace_period_secs", "600"), ISSUED_AT_MS)))
                .isInstanceOf(ControlException.class).hasMessageContaining("low_keg_pct must be a percentage 0..100");
        assertThat(rules).isEmpty();
    }
}
