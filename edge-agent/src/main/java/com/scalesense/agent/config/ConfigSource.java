package com.scalesense.agent.config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The raw text of every key, merged in order of precedence: defaults, then the config file, then
 * the environment, then command-line flags. Remembers where each value came from, so an error can
 * say "agent.conf line 12" or "environment SCALE_SENSE_MQTT_BROKER_URI".
 *
 * <p>File format: one {@code key = value} per line; blank lines and lines starting with {@code #}
 * are ignored; no quoting, no continuation lines (a value is everything after the first '='
 * with surrounding blanks removed).
 */
public final class ConfigSource {

    /** A value and its origin. */
    public record Value(String text, String origin) {
    }

    private final Map<ConfigKey, Value> values = new EnumMap<>(ConfigKey.class);
    private final List<ConfigError> errors = new ArrayList<>();
    private String unreadable;

    private ConfigSource() {
        for (ConfigKey k : ConfigKey.values()) {
            values.put(k, new Value(k.defaultValue(), "default"));
        }
    }

    /**
     * Reads {@code file} (absent file: defaults only, if {@code fileOptional}) and applies the
     * overrides of {@code env}; problems are collected, not thrown, so all are reported at once.
     */
    public static ConfigSource load(Optional<Path> file, boolean fileOptional, Map<String, String> env) {
        ConfigSource source = new ConfigSource();
        file.ifPresent(f -> source.readFile(f, fileOptional));
        for (ConfigKey k : ConfigKey.values()) {
            String v = env.get(k.envName());
            if (v != null) {
                source.values.put(k, new Value(v.strip(), "environment " + k.envName()));
            }
        }
        return source;
    }

    /** A command-line flag overrides everything else. */
    public ConfigSource override(ConfigKey key, String text, String flag) {
        values.put(key, new Value(text, "flag " + flag));
        return this;
    }

    public Value get(ConfigKey key) {
        return values.get(key);
    }

    /**
     * Why the config file could not be read ({@code does not exist}, {@code permission denied}), or
     * empty if it was read or was optional and absent. A program that only needs a few keys (scale-cal)
     * must not carry on with defaults then: it would look in the wrong place.
     */
    public Optional<String> unreadable() {
        return Optional.ofNullable(unreadable);
    }

    /** Problems found while reading (unreadable file, malformed line, unknown key). */
    public List<ConfigError> errors() {
        return List.copyOf(errors);
    }

    private void unreadable(String cause, Path file) {
        unreadable = cause;
        errors.add(new ConfigError("--config", file.toString(), "the config file cannot be read: " + cause,
                "command line"));
    }

    /** The cause in words, as ls or cat would say it; never a Java class name. */
    static String cause(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied (read it as the agent's user or a member of its group)";
        }
        if (e instanceof NoSuchFileException) {
            return "does not exist";
        }
        String reason = e instanceof FileSystemException fs && fs.getReason() != null ? fs.getReason() : e.getMessage();
        return reason == null ? "read error" : reason.toLowerCase(java.util.Locale.ROOT);
    }

    private void readFile(Path file, boolean optional) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            if (!optional) {
                unreadable("does not exist", file);
            }
            return;
        } catch (IOException e) {
            unreadable(cause(e), file);
            return;
        }
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            String origin = file.getFileName() + " line " + (i + 1);
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int eq = line.indexOf('=');
            if (eq <= 0) {
                errors.add(new ConfigError("line " + (i + 1), line, "must be 'key = value'", origin));
                continue;
            }
            String key = line.substring(0, eq).strip();
            Optional<ConfigKey> known = ConfigKey.of(key);
            if (known.isEmpty()) {
                errors.add(new ConfigError(key, line.substring(eq + 1).strip(),
                        "unknown key (the keys are listed in docs/operations.md)", origin));
                continue;
            }
            values.put(known.get(), new Value(line.substring(eq + 1).strip(), origin));
        }
    }
}
