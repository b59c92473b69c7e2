package com.scalesense.cal;

import com.scalesense.agent.config.ConfigKey;
import com.scalesense.agent.config.ConfigSource;
import com.scalesense.agent.outbox.OutboxConfig;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Where the agent's control socket and stores are, as the agent itself would find them: the
 * config file ({@code state.dir}, {@code control.socket}, {@code outbox.max_bytes}), then the
 * {@code SCALE_SENSE_*} environment, then {@code scale-cal}'s own flags.
 *
 * @param socket         the control socket
 * @param stateDir       the directory holding {@code nvs.db}, {@code outbox.journal} and {@code agent.lock}
 * @param outboxMaxBytes the outbox bound, bytes (needed to open the outbox the way the agent does)
 */
public record Locations(Path socket, Path stateDir, long outboxMaxBytes) {

    /**
     * @param configFile the agent's config
     * @param mustExist  false for the default file, whose absence means defaults (a laptop, a simulator);
     *                   true for a file named by {@code --config}
     * @param socketFlag {@code --socket}, or null
     * @param stateFlag  {@code --state-dir}, or null
     * @throws ConfigUnreadableException if the file exists but cannot be read, or must exist and does not
     */
    public static Locations resolve(Path configFile, boolean mustExist, Path socketFlag, Path stateFlag,
                                    Map<String, String> env) {
        ConfigSource source = ConfigSource.load(Optional.of(configFile), !mustExist, env);
        source.unreadable().ifPresent(cause -> {
            throw new ConfigUnreadableException(configFile, cause);
        });
        Path stateDir = stateFlag != null ? stateFlag : Path.of(source.get(ConfigKey.STATE_DIR).text());
        String socketText = source.get(ConfigKey.CONTROL_SOCKET).text();
        Path socket = socketFlag != null ? socketFlag
                : socketText.isEmpty() || stateFlag != null ? stateDir.resolve("control.sock") : Path.of(socketText);
        long maxBytes;
        try {
            maxBytes = Long.parseLong(source.get(ConfigKey.OUTBOX_MAX_BYTES).text());
        } catch (NumberFormatException e) {
            maxBytes = Long.parseLong(ConfigKey.OUTBOX_MAX_BYTES.defaultValue()); // the agent refuses to start then
        }
        return new Locations(socket.toAbsolutePath(), stateDir.toAbsolutePath(), maxBytes);
    }

    /** The NVS store file, as the agent names it. */
    public Path nvsFile() {
        return stateDir.resolve("nvs.db");
    }

    /** The outbox file, as the agent names it. */
    public Path outboxFile() {
        return stateDir.resolve(OutboxConfig.FILE_NAME);
    }
}
