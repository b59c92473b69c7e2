import com.scalesense.agent.outbox.EntryKind;
import com.scalesense.agent.outbox.Outbox;
import com.scalesense.agent.outbox.OutboxConfig;
import com.scalesense.agent.outbox.OutboxEntry;
import com.scalesense.agent.outbox.Outboxes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;

/**
 * The agent's SQLite outbox (through its public opener, on the agent's jar) in a JVM of its own:
 * open, an hour of readings (60 appends of 294 bytes, the size of an encoded reading), read the
 * pending ones and the status, close. Prints the open time and VmRSS/VmHWM afterwards (KiB).
 * Run by outbox.sh beside JdkOnly on the same jar as the baseline.
 */
public final class OutboxWorkload {

    private OutboxWorkload() {
    }

    public static void main(String[] args) throws IOException {
        long t0 = System.nanoTime();
        try (Outbox outbox = Outboxes.open(OutboxConfig.at(Path.of(args[0])), Clock.systemUTC())) {
            long openMs = (System.nanoTime() - t0) / 1_000_000;
            byte[] body = "x".repeat(294).getBytes(StandardCharsets.US_ASCII);
            for (int i = 0; i < 60; i++) {
                outbox.append(new OutboxEntry(EntryKind.READING, "SCALE-0042/loc-001#TAP#07", i * 60_000L, body));
            }
            System.out.printf("sqlite-outbox pending=%d open_ms=%d %s%n", outbox.pending(100).size(), openMs,
                    Workload.memory());
        }
    }
}
