package com.scalesense.agent.config;

import com.scalesense.agent.publish.InvalidSettingException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Typed reads of a {@link ConfigSource} that collect every broken rule instead of stopping at the
 * first. A read that fails returns a harmless placeholder; {@link #throwIfInvalid()} then reports
 * all errors together, so no half-valid config ever leaves the loader.
 */
final class ConfigReader {

    private static final Pattern DURATION = Pattern.compile("^([0-9]{1,9})(ms|s|m|h|d)$");

    private final ConfigSource source;
    private final List<ConfigError> errors;

    ConfigReader(ConfigSource source) {
        this.source = source;
        this.errors = new ArrayList<>(source.errors());
    }

    String text(ConfigKey key) {
        return source.get(key).text();
    }

    boolean isSet(ConfigKey key) {
        return !text(key).isEmpty();
    }

    void fail(ConfigKey key, String rule) {
        ConfigSource.Value v = source.get(key);
        errors.add(new ConfigError(key.key(), v.text(), rule, v.origin()));
    }

    String matching(ConfigKey key, Pattern pattern, String rule) {
        String v = text(key);
        if (!pattern.matcher(v).matches()) {
            fail(key, rule);
        }
        return v;
    }

    long integer(ConfigKey key, long min, long max) {
        try {
            long v = Long.parseLong(text(key));
            if (v >= min && v <= max) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below with the rule
        }
        fail(key, "must be a whole number in " + min + ".." + max);
        return min;
    }

    double decimal(ConfigKey key, double min, double max) {
        try {
            double v = Double.parseDouble(text(key));
            if (v >= min && v <= max) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below with the rule
        }
        fail(key, "must be a number in " + min + ".." + max);
        return min;
    }

    boolean bool(ConfigKey key) {
        String v = text(key);
        if (!v.equals("true") && !v.equals("false")) {
            fail(key, "must be true or false");
        }
        return v.equals("true");
    }

    /** {@code 500ms}, {@code 60s}, {@code 10m}, {@code 2h}, {@code 7d}, within [min, max]. */
    Duration duration(ConfigKey key, Duration min, Duration max) {
        Matcher m = DURATION.matcher(text(key));
        if (m.matches()) {
            long n = Long.parseLong(m.group(1));
            Duration d = switch (m.group(2)) {
                case "ms" -> Duration.ofMillis(n);
                case "s" -> Duration.ofSeconds(n);
                case "m" -> Duration.ofMinutes(n);
                case "h" -> Duration.ofHours(n);
                default -> Duration.ofDays(n);
            };
            if (d.compareTo(min) >= 0 && d.compareTo(max) <= 0) {
                return d;
            }
        }
        fail(key, "must be a duration like 500ms, 60s, 10m, 2h between " + human(min) + " and " + human(max));
        return min;
    }

    /**
     * A duration as a technician writes it in the config: {@code 0s}, {@code 500ms}, {@code 30s},
     * {@code 1h}, {@code 18h 12m 15s}; never ISO-8601's {@code PT18H12M15S}.
     */
    static String human(Duration d) {
        if (d.isZero()) {
            return "0s";
        }
        StringBuilder s = new StringBuilder();
        long[] amounts = {d.toDaysPart(), d.toHoursPart(), d.toMinutesPart(), d.toSecondsPart(), d.toMillisPart()};
        String[] units = {"d", "h", "m", "s", "ms"};
        for (int i = 0; i < amounts.length; i++) {
            if (amounts[i] != 0) {
                s.append(s.length() == 0 ? "" : " ").append(amounts[i]).append(units[i]);
            }
        }
        return s.toString();
    }

    /** Null when unset. */
    Path path(ConfigKey key) {
        if (!isSet(key)) {
            return null;
        }
        try {
            return Path.of(text(key));
        } catch (InvalidPathException e) {
            fail(key, "must be a file path: " + e.getReason());
            return null;
        }
    }

    /**
     * An instant written as epoch milliseconds ({@code 1795000000000}) or RFC 3339 with an offset
     * ({@code 2026-11-22T05:00:00Z}, {@code 2026-11-22T06:00:00.250+01:00}), within [min, max]
     * epoch ms; null when unset.
     */
    Long instant(ConfigKey key, long minMs, long maxMs) {
        if (!isSet(key)) {
            return null;
        }
        String v = text(key);
        Long ms = null;
        if (v.matches("^[0-9]{1,19}$")) {
            try {
                ms = Long.parseLong(v);
            } catch (NumberFormatException e) {
                // reported below with the rule
            }
        } else {
            try {
                ms = OffsetDateTime.parse(v, DateTimeFormatter.ISO_OFFSET_DATE_TIME).toInstant().toEpochMilli();
            } catch (DateTimeException | ArithmeticException e) {
                // reported below with the rule
            }
        }
        if (ms != null && ms >= minMs && ms <= maxMs) {
            return ms;
        }
        fail(key, "must be epoch milliseconds or an RFC 3339 time like 2026-11-22T05:00:00Z, between "
                + Instant.ofEpochMilli(minMs) + " and " + Instant.ofEpochMilli(maxMs));
        return null;
    }

    String oneOf(ConfigKey key, String... allowed) {
        String v = text(key);
        if (!List.of(allowed).contains(v)) {
            fail(key, "must be one of " + String.join(", ", allowed));
        }
        return v;
    }

    /**
     * Builds a value with a constructor that validates (another part's settings record); its
     * exception becomes an error of {@code key}. Returns null if it threw.
     */
    <T> T build(ConfigKey key, Supplier<T> constructor) {
        try {
            return constructor.get();
        } catch (InvalidSettingException e) {
            // the rule in the config's words; the value is the key's own (never a record's toString)
            fail(key, e.field().equals(key.key()) ? e.rule() : e.field() + " " + e.rule());
            return null;
        } catch (RuntimeException e) {
            fail(key, e.getMessage());
            return null;
        }
    }

    int errorCount() {
        return errors.size();
    }

    boolean hasErrors() {
        return !errors.isEmpty();
    }

    void throwIfInvalid() {
        if (!errors.isEmpty()) {
            throw new ConfigException(errors);
        }
    }
}
