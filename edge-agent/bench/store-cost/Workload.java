import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * What the agent does with its NVS store in one start, against one store engine per JVM: open
 * (transactions on), read every value (the opener's check), count a boot, then 50 commits of
 * calibration and tare together (the size of the agent's JSON records), read them back, close.
 * Prints the open time, VmRSS and VmHWM of this JVM afterwards (KiB, from /proc/self/status).
 * Run by run.sh, one candidate per JVM with the unit's flags.
 */
public final class Workload {

    /** A store engine opened on a file: its map of values, its commit and its close. */
    public record Store(Map<String, byte[]> map, Runnable commit, Runnable close) {
    }

    private Workload() {
    }

    public static void run(String name, Path file, Function<Path, Store> opener) throws IOException {
        long t0 = System.nanoTime();
        Store s = opener.apply(file);
        Map<String, byte[]> m = s.map();
        int values = new HashMap<>(m).size();
        long openMs = (System.nanoTime() - t0) / 1_000_000;
        byte[] boot = m.get("boot_counter");
        long next = boot == null ? 1 : Long.parseLong(new String(boot, StandardCharsets.US_ASCII)) + 1;
        m.put("boot_counter", Long.toString(next).getBytes(StandardCharsets.US_ASCII));
        s.commit().run();
        for (int i = 0; i < 50; i++) {
            m.put("calibration", ("{\"offset\":" + (8_388_000 + i) + ",\"countsPerKg\":21450.5,\"points\":[]}")
                    .getBytes(StandardCharsets.UTF_8));
            m.put("tare", ("{\"seq\":" + i + ",\"emptyLbs\":29.4,\"kind\":\"full\"}").getBytes(StandardCharsets.UTF_8));
            s.commit().run();
        }
        if (m.get("calibration") == null || m.get("tare") == null) {
            throw new IllegalStateException(name + ": values not read back");
        }
        s.close().run();
        System.out.printf("%s boot=%d values_at_open=%d open_ms=%d %s%n", name, next, values, openMs, memory());
    }

    static String memory() throws IOException {
        String rss = "?";
        String hwm = "?";
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) {
                rss = line.replaceAll("\\D", "");
            } else if (line.startsWith("VmHWM:")) {
                hwm = line.replaceAll("\\D", "");
            }
        }
        return "rss_kib=" + rss + " hwm_kib=" + hwm;
    }
}
