package com.scalesense.cal.setup;

import com.scalesense.agent.config.ConfigKey;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * agent.conf with some keys set, everything else (comments, order, other keys) kept as the
 * technician left it. A key's line is replaced where it stands (every line of it, so the agent's
 * last-line-wins reader sees the new value); a key with no line is appended.
 *
 * <p>Written atomically: the new text goes to a temporary file in the same directory, with the old
 * file's owner, group and mode, and is renamed over agent.conf. A reader (the agent, dpkg) sees the
 * old file or the new one, never half of one, and a failure leaves the old file as it was.
 */
final class AgentConfFile {

    private final Path file;
    private final List<String> lines;

    private AgentConfFile(Path file, List<String> lines) {
        this.file = file;
        this.lines = lines;
    }

    /** The file's lines; a missing file is empty (setup then writes only its own keys). */
    static AgentConfFile read(Path file) {
        try {
            return new AgentConfFile(file, new ArrayList<>(Files.readAllLines(file, StandardCharsets.UTF_8)));
        } catch (NoSuchFileException e) {
            return new AgentConfFile(file, new ArrayList<>());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** The text with {@code settings} applied. */
    String with(Map<ConfigKey, String> settings) {
        Map<ConfigKey, String> pending = new LinkedHashMap<>(settings);
        StringBuilder text = new StringBuilder();
        for (String line : lines) {
            ConfigKey key = keyOf(line);
            if (key != null && settings.containsKey(key)) {
                text.append(key.key()).append(" = ").append(settings.get(key)).append('\n');
                pending.remove(key);
            } else {
                text.append(line).append('\n');
            }
        }
        pending.forEach((key, value) -> text.append(key.key()).append(" = ").append(value).append('\n'));
        return text.toString();
    }

    /** A temporary file next to agent.conf holding {@code text}, with agent.conf's owner, group and mode. */
    Path stage(String text) {
        try {
            Path dir = file.toAbsolutePath().getParent();
            Files.createDirectories(dir);
            Path staged = Files.createTempFile(dir, ".agent.conf.", ".new");
            Files.writeString(staged, text, StandardCharsets.UTF_8);
            copyOwnership(staged);
            return staged;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write next to " + file + ": " + e.getMessage(), e);
        }
    }

    /** Renames {@code staged} over agent.conf, atomically. */
    void replaceWith(Path staged) {
        try {
            Files.move(staged, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            throw new UncheckedIOException("cannot replace " + file + " atomically: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot replace " + file + ": " + e.getMessage(), e);
        }
    }

    Path path() {
        return file;
    }

    private void copyOwnership(Path staged) throws IOException {
        if (!Files.exists(file)) {
            return; // createTempFile made it 0600: readable by root only until someone widens it
        }
        PosixFileAttributeView view = Files.getFileAttributeView(staged, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS);
        if (view == null) {
            return;
        }
        PosixFileAttributes old = Files.readAttributes(file, PosixFileAttributes.class);
        view.setPermissions(old.permissions());
        if (!old.group().equals(Files.readAttributes(staged, PosixFileAttributes.class).group())) {
            view.setGroup(old.group()); // root:scale-sense 0640 as the package set it
        }
        if (!old.owner().equals(Files.getOwner(staged))) {
            view.setOwner(old.owner());
        }
    }

    private static ConfigKey keyOf(String line) {
        String stripped = line.strip();
        int eq = stripped.indexOf('=');
        if (stripped.startsWith("#") || eq <= 0) {
            return null;
        }
        return ConfigKey.of(stripped.substring(0, eq).strip()).orElse(null);
    }
}
