package com.scalesense.agent.uplink;

import static com.scalesense.agent.uplink.UplinkFixtures.COMMANDS;
import static org.assertj.core.api.Assertions.assertThat;

import com.scalesense.protocol.DeviceCommand;
import com.scalesense.protocol.MessageValidator;
import com.scalesense.protocol.WireCodec;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CommandInboxTest {

    private static final String TARE = """
            {"command_id": "cmd-20240101-0002", "type": "tare_empty", "issued_at_ms": 1704067260000}""";
    private static final String ASSIGN = """
            {"command_id": "cmd-20240101-0001", "type": "assign_keg",
             "args": {"keg_id": "keg-20260320-V1St", "keg_type": "half_barrel"}, "issued_at_ms": 1704067200000}""";

    private final List<DeviceCommand> applied = new ArrayList<>();
    private final ScriptedPublisher broker = new ScriptedPublisher();

    private CommandInbox inbox(CommandHandler handler) {
        CommandInbox inbox = new CommandInbox(UplinkFixtures.DEVICE_ID, handler, new WireCodec(),
                new MessageValidator());
        inbox.listenOn(broker);
        return inbox;
    }

    private void deliver(String json) {
        broker.deliver(COMMANDS, json.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void passes_a_valid_command_to_the_handler_decoded() {
        CommandInbox inbox = inbox(applied::add);
        // when
        deliver(ASSIGN);
        // then
        assertThat(applied).singleElement().satisfies(c -> {
            assertThat(c.type()).isEqualTo("assign_keg");
            assertThat(c.args()).containsEntry("keg_type", "half_barrel");
        });
        assertThat(inbox.stats().applied()).isEqualTo(1);
    }

    @Test
    void applies_a_redelivered_command_id_once_per_boot() {
        CommandInbox inbox = inbox(applied::add);
        // when QoS 1 delivers the same command twice
        deliver(TARE);
        deliver(TARE);
        // then a second tare is not taken
        assertThat(applied).hasSize(1);
        assertThat(inbox.stats().duplicates()).isEqualTo(1);
    }

    @Test
    void drops_a_command_that_breaks_a_rule_without_calling_the_handler() {
        CommandInbox inbox = inbox(applied::add);
        // when assign_keg comes without its keg_type
        deliver("""
                {"command_id": "cmd-3", "type": "assign_keg", "args": {"keg_id": "keg-20260320-V1St"},
                 "issued_at_ms": 1704067200000}""");
        deliver("not json at all");
        // then
        assertThat(applied).isEmpty();
        assertThat(inbox.stats().rejected()).isEqualTo(2);
    }

    @Test
    void applies_a_command_again_when_the_handler_failed_the_first_time() {
        List<String> attempts = new ArrayList<>();
        CommandInbox inbox = inbox(command -> {
            attempts.add(command.commandId());
            if (attempts.size() == 1) {
                throw new IllegalStateException("scale not settled");
            }
        });
        // when
        deliver(TARE);
        deliver(TARE);
        // then
        assertThat(attempts).hasSize(2);
        assertThat(inbox.stats()).isEqualTo(new CommandInbox.Stats(1, 0, 0, 1));
    }

    @Test
    void forgets_the_oldest_ids_beyond_its_bound() {
        CommandInbox inbox = inbox(applied::add);
        // when more distinct commands arrive than it remembers
        for (int i = 0; i <= CommandInbox.REMEMBERED_IDS; i++) {
            deliver(TARE.replace("cmd-20240101-0002", "cmd-" + i));
        }
        deliver(TARE.replace("cmd-20240101-0002", "cmd-0"));
        // then memory stays bounded: the oldest id counts as new again
        assertThat(applied).hasSize(CommandInbox.REMEMBERED_IDS + 2);
        assertThat(inbox.stats().duplicates()).isZero();
    }
}
