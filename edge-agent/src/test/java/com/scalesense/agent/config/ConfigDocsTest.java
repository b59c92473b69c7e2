package com.scalesense.agent.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The docs against {@link ConfigKey}, the one list of config keys: every key a page names exists,
 * and docs/operations.md's table and systemd/agent.conf.example list every key with its default.
 * Guards issue 14: docs/agent-mqtt.md listed seven keys the agent rejects as unknown.
 */
class ConfigDocsTest {

    /** The repository's root: tests run in the module directory. */
    private static final Path ROOT = Path.of("..");
    /** A key-like word in backticks (`mqtt.tls.ca_file`, `state.dir = /srv`): lower-case, dotted. */
    private static final Pattern TICKED = Pattern.compile("`([a-z0-9_]+(?:\\.[a-z0-9_]+)+)(?: *=[^`]*)?`");
    /** A {@code key = value} line, commented out or not (agent.conf and the docs' examples of it). */
    private static final Pattern ASSIGNMENT = Pattern.compile("^#? *([a-z0-9_]+(?:\\.[a-z0-9_]+)+) *=(?!=)");
    /** Dotted words that are file names, not keys. */
    private static final Pattern FILE_NAME = Pattern.compile(".*\\.(db|sock|md|json|conf|trace|pem|jar|corrupt|service|svg|csv|journal|compact|migrating)$");
    /** Dotted words the docs may use that are no config key, and why. */
    private static final Map<String, String> NOT_KEYS = Map.of(
            "outbox.dropped", "a field of scale-cal status");
    /** A row of operations.md's table: | `key` | default | `ENV` | meaning |. */
    private static final Pattern ROW = Pattern.compile("^\\| `([a-z0-9_.]+)` \\| ([^|]+) \\| `([A-Z0-9_]+)` \\|.*");

    private static final Set<String> SECTIONS = Arrays.stream(ConfigKey.values())
            .map(k -> k.key().substring(0, k.key().indexOf('.'))).collect(Collectors.toSet());

    @Test
    void every_key_a_page_names_is_a_key_of_the_agent() throws IOException {
        List<String> unknown = new ArrayList<>();
        for (Path page : pages()) {
            List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                for (String word : keyLike(lines.get(i))) {
                    if (ConfigKey.of(word).isEmpty() && !NOT_KEYS.containsKey(word)) {
                        unknown.add(ROOT.relativize(page) + ":" + (i + 1) + " " + word);
                    }
                }
            }
        }
        assertThat(unknown).as("keys named in the docs that the agent would reject as unknown").isEmpty();
    }

    @Test
    void operations_md_documents_every_key_with_its_default_and_environment_variable() throws IOException {
        Map<String, String[]> rows = new LinkedHashMap<>();
        for (String line : Files.readAllLines(ROOT.resolve("docs/operations.md"), StandardCharsets.UTF_8)) {
            Matcher m = ROW.matcher(line);
            if (m.matches()) {
                rows.put(m.group(1), new String[] {m.group(2).strip(), m.group(3)});
            }
        }
        for (ConfigKey key : ConfigKey.values()) {
            assertThat(rows).as("docs/operations.md's table").containsKey(key.key());
            String[] row = rows.get(key.key());
            String shown = key.defaultValue().isEmpty() ? "(unset)" : "`" + key.defaultValue() + "`";
            assertThat(row[0]).as(key.key() + " default").isEqualTo(shown);
            assertThat(row[1]).as(key.key() + " environment").isEqualTo(key.envName());
        }
        assertThat(rows.keySet()).as("rows of keys that do not exist")
                .allSatisfy(k -> assertThat(ConfigKey.of(k)).as(k).isPresent());
    }

    @Test
    void the_example_config_sets_every_key_to_its_default() throws IOException {
        Map<String, String> example = new LinkedHashMap<>();
        for (String line : Files.readAllLines(ROOT.resolve("systemd/agent.conf.example"), StandardCharsets.UTF_8)) {
            int eq = line.indexOf('=');
            if (!line.startsWith("#") && eq > 0) {
                example.put(line.substring(0, eq).strip(), line.substring(eq + 1).strip());
            }
        }
        Map<String, String> defaults = Arrays.stream(ConfigKey.values())
                .collect(Collectors.toMap(ConfigKey::key, ConfigKey::defaultValue, (a, b) -> a, LinkedHashMap::new));
        assertThat(example).isEqualTo(defaults);
    }

    /** The words of {@code line} written as config keys: ticked, or a {@code key = value} line. */
    static List<String> keyLike(String line) {
        List<String> words = new ArrayList<>();
        Matcher ticked = TICKED.matcher(line);
        while (ticked.find()) {
            words.add(ticked.group(1));
        }
        Matcher assignment = ASSIGNMENT.matcher(line.strip());
        if (assignment.find()) {
            words.add(assignment.group(1));
        }
        return words.stream().filter(w -> SECTIONS.contains(w.substring(0, w.indexOf('.'))))
                .filter(w -> !FILE_NAME.matcher(w).matches()).distinct().toList();
    }

    private static List<Path> pages() throws IOException {
        try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
            List<Path> pages = new ArrayList<>(docs.filter(p -> p.toString().endsWith(".md")).sorted().toList());
            pages.add(ROOT.resolve("systemd/agent.conf.example"));
            pages.add(ROOT.resolve("README.md"));
            return pages;
        }
    }
}
