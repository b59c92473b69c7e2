package com.scalesense.agent.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * Moves a damaged state file (and its companions such as {@code -wal}) aside instead of deleting
 * it, so a technician can inspect it: {@code outbox.db} becomes
 * {@code outbox.db.corrupt-20261122T021500Z}. Never overwrites an earlier quarantined file.
 */
public final class Quarantine {

    private static final DateTimeFormatter STAMP =
            DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

    private final Clock clock;

    public Quarantine(Clock clock) {
        this.clock = clock;
    }

    /**
     * Renames {@code file} and each existing {@code file + suffix} to a timestamped name.
     *
     * @return the new paths, the main file first; empty if nothing existed
     * @throws UncheckedIOException if a rename fails (the caller must not start a new file then)
     */
    public List<Path> moveAside(Path file, String... companionSuffixes) {
        return setAside("corrupt", file, companionSuffixes);
    }

    /**
     * Renames {@code file} and each existing {@code file + suffix} to {@code <file>.<why>-<stamp>}
     * ({@code why} e.g. {@code mapdb3} or {@code migrated}: a file of an older format kept after its content moved on).
     *
     * @return the new paths, the main file first; empty if nothing existed
     * @throws UncheckedIOException if a rename fails (the caller must not start a new file then)
     */
    public List<Path> setAside(String why, Path file, String... companionSuffixes) {
        String stamp = "." + why + "-" + STAMP.format(clock.instant());
        Path target = unique(file.resolveSibling(file.getFileName() + stamp));
        List<Path> moved = new ArrayList<>();
        try {
            move(file, target, moved);
            for (String suffix : companionSuffixes) {
                move(file.resolveSibling(file.getFileName() + suffix), Path.of(target + suffix), moved);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not move " + file + " aside", e);
        }
        return moved;
    }

    private static void move(Path from, Path to, List<Path> moved) throws IOException {
        if (Files.exists(from)) {
            Files.move(from, to);
            moved.add(to);
        }
    }

    /** Two corruptions in one second (a crash loop) must not overwrite the first evidence. */
    private static Path unique(Path candidate) {
        Path p = candidate;
        for (int i = 1; Files.exists(p); i++) {
            p = candidate.resolveSibling(candidate.getFileName() + "-" + i);
        }
        return p;
    }
}
