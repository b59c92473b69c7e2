package com.scalesense.agent.clock;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * systemd-timesyncd's verdict: it creates {@code /run/systemd/timesync/synchronized} once it has
 * synchronised the clock (systemd-timesyncd.service(8)); {@code /run} is a tmpfs, so the file
 * is gone after every reboot. The root is injectable so tests use a temporary directory.
 */
public final class SystemdTimeSync implements TimeSync {

    /** The flag file, relative to the root. */
    public static final Path FLAG = Path.of("run", "systemd", "timesync", "synchronized");

    private final Path flag;

    /** @param root the file-system root, {@code /} on a scale */
    public SystemdTimeSync(Path root) {
        this.flag = root.resolve(FLAG);
    }

    @Override
    public boolean isSynchronized() {
        return Files.exists(flag);
    }
}
