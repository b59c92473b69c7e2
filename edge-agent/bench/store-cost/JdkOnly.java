import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.TreeMap;

/** The baseline: no MapDB, the values in a map written whole to a file (fsync, rename) per commit, as the agent's snapshot is. */
public final class JdkOnly {

    private JdkOnly() {
    }

    public static void main(String[] args) throws IOException {
        Workload.run("jdk-only", Path.of(args[0]), file -> {
            Map<String, byte[]> values = new TreeMap<>();
            return new Workload.Store(values, () -> write(file, values), () -> { });
        });
    }

    private static void write(Path file, Map<String, byte[]> values) {
        try {
            ByteArrayOutputStream buf = new ByteArrayOutputStream();
            try (DataOutputStream out = new DataOutputStream(buf)) {
                for (Map.Entry<String, byte[]> e : values.entrySet()) {
                    out.writeUTF(e.getKey());
                    out.writeInt(e.getValue().length);
                    out.write(e.getValue());
                }
            }
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                ch.write(ByteBuffer.wrap(buf.toByteArray()));
                ch.force(true);
            }
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
