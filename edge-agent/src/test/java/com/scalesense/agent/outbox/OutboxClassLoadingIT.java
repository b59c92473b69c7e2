package com.scalesense.agent.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.scalesense.agent.outbox.internal.SqliteOutbox;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The point of the journal (issue 18, agent memory): an agent without an old {@code outbox.db}
 * never loads sqlite-jdbc, its native library or java.sql; one with it does, once, to migrate.
 */
class OutboxClassLoadingIT {

    @TempDir
    Path dir;

    @Test
    void without_an_old_sqlite_file_no_sqlite_or_jdbc_class_is_loaded() throws Exception {
        List<String> loaded = classesLoadedBy(dir);
        assertThat(loaded).anyMatch(l -> l.contains("com.scalesense.agent.outbox.internal.JournalOutbox"));
        assertThat(loaded).noneMatch(l -> l.contains("org.sqlite.") || l.contains("java.sql."));
    }

    @Test
    void with_an_old_sqlite_file_the_migration_loads_sqlite() throws Exception {
        try (SqliteOutbox old = SqliteOutbox.open(OutboxConfig.at(dir.resolve(OutboxConfig.LEGACY_FILE_NAME)),
                Clock.systemUTC())) {
            old.append(new OutboxEntry(EntryKind.READING, "g", 1, "old".getBytes(StandardCharsets.UTF_8)));
        }
        List<String> loaded = classesLoadedBy(dir);
        assertThat(loaded).anyMatch(l -> l.contains("org.sqlite.JDBC"));
        assertThat(loaded).contains("OPENED 1");
    }

    private static List<String> classesLoadedBy(Path stateDir) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-Xlog:class+load=info:stdout", "-cp", System.getProperty("java.class.path"),
                OpenOnce.class.getName(), stateDir.toString()).redirectErrorStream(true).start();
        List<String> lines = new ArrayList<>();
        try (var out = p.inputReader(StandardCharsets.UTF_8)) {
            out.lines().forEach(lines::add);
        }
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size())))
                .isZero();
        return lines;
    }
}
