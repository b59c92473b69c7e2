package com.scalesense.agent.uplink;

import com.scalesense.agent.publish.Publisher;
import com.scalesense.protocol.DeviceCommand;
import com.scalesense.protocol.MessageValidator;
import com.scalesense.protocol.ProtocolException;
import com.scalesense.protocol.Topics;
import com.scalesense.protocol.WireCodec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Receives commands on {@link Topics#commands(String)}, decodes and validates them, and passes
 * each command_id to the {@link CommandHandler} once per boot: QoS 1 delivers at least once, and
 * a tare applied twice would be wrong. Remembers the last {@link #REMEMBERED_IDS} ids, far more
 * than the broker redelivers. Invalid payloads are logged and counted, never applied.
 */
public final class CommandInbox {

    /** Commands are a few per keg swap; 256 ids cover weeks of them (bounded memory on the Pi). */
    public static final int REMEMBERED_IDS = 256;

    private static final Logger LOG = LoggerFactory.getLogger(CommandInbox.class);

    private final String deviceId;
    private final CommandHandler handler;
    private final WireCodec codec;
    private final MessageValidator validator;
    private final RecentIds seen = new RecentIds(REMEMBERED_IDS);
    private long applied;
    private long duplicates;
    private long rejected;
    private long failed;

    /**
     * Counters since boot.
     *
     * @param applied    commands the handler accepted
     * @param duplicates redeliveries of an already applied command_id, dropped
     * @param rejected   payloads that failed decoding or validation, dropped
     * @param failed     commands whose handler threw (they may be applied on a redelivery)
     */
    public record Stats(long applied, long duplicates, long rejected, long failed) {
    }

    public CommandInbox(String deviceId, CommandHandler handler, WireCodec codec, MessageValidator validator) {
        this.deviceId = deviceId;
        this.handler = handler;
        this.codec = codec;
        this.validator = validator;
    }

    /** Subscribes on {@code publisher}; the subscription survives reconnects. */
    public void listenOn(Publisher publisher) {
        publisher.subscribe(Topics.commands(deviceId), this::receive);
    }

    /** One message from the commands topic. Never throws: an exception would drop the MQTT connection. */
    public synchronized void receive(byte[] payload) {
        DeviceCommand command;
        try {
            command = codec.decodeCommand(payload);
            validator.requireValid(command);
        } catch (ProtocolException e) {
            rejected++;
            LOG.warn("command rejected: {}", e.getMessage());
            return;
        }
        if (!seen.add(command.commandId())) {
            duplicates++;
            LOG.info("command {} already applied this boot; dropped", command.commandId());
            return;
        }
        try {
            handler.handle(command);
            applied++;
        } catch (RuntimeException e) {
            seen.forget(command.commandId());
            failed++;
            LOG.error("command {} ({}) failed", command.commandId(), command.type(), e);
        }
    }

    public synchronized Stats stats() {
        return new Stats(applied, duplicates, rejected, failed);
    }
}
