package com.scalesense.agent.outbox;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;

/**
 * Opens the outbox journal in the state directory {@code args[0]}, appends, seals and
 * acknowledges one reading, closes: the process {@link OutboxClassLoadingIT} watches load classes.
 */
public final class OpenOnce {

    private OpenOnce() {
    }

    public static void main(String[] args) {
        try (Outbox box = Outboxes.open(OutboxConfig.at(Path.of(args[0]).resolve(OutboxConfig.FILE_NAME)),
                Clock.systemUTC())) {
            long seq = box.append(new OutboxEntry(EntryKind.READING, "g", 1, "r".getBytes(StandardCharsets.UTF_8)));
            box.seal(new SealRequest(new SealedBatch("b1", new byte[] {1}), "boot", 1, seq, seq, 1));
            box.acknowledge("b1");
            System.out.println("OPENED " + box.status().pendingEntries());
        }
    }
}
