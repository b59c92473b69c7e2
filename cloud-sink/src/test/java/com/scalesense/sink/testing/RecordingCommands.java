package com.scalesense.sink.testing;

import com.scalesense.protocol.DeviceCommand;
import com.scalesense.sink.command.CommandNotSentException;
import com.scalesense.sink.command.ScaleCommands;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * {@link ScaleCommands} that keeps what it was given, for the sink's tests on DynamoDB Local
 * (the real broker path is tested in the demo module, where an agent receives the command).
 * While {@link #refusing} is set it fails like a broker that is down.
 */
public final class RecordingCommands implements ScaleCommands {

    /** One send: the device and the command. */
    public record Sent(String deviceId, DeviceCommand command) {
    }

    private final List<Sent> sent = new CopyOnWriteArrayList<>();
    public volatile boolean refusing;

    @Override
    public void send(String deviceId, DeviceCommand command) {
        if (refusing) {
            throw new CommandNotSentException("broker down (test)", null);
        }
        sent.add(new Sent(deviceId, command));
    }

    public List<Sent> sent() {
        return List.copyOf(sent);
    }
}
