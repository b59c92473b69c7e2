package com.scalesense.packaging;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * A man(7) page from a picocli command model: NAME, SYNOPSIS, DESCRIPTION, OPTIONS, then one
 * section per subcommand (recursively), EXIT STATUS and EXAMPLES from the command's own help.
 * picocli-codegen's ManPageGenerator writes AsciiDoc, which would need Asciidoctor (JRuby) in the
 * build to become troff; the model is small enough to render directly.
 */
final class ManPage {

    private final StringBuilder troff = new StringBuilder();

    private ManPage() {
    }

    static String of(CommandSpec spec, String version, Instant built) {
        ManPage page = new ManPage();
        page.render(spec, version, built);
        return page.troff.toString();
    }

    private void render(CommandSpec spec, String version, Instant built) {
        String name = spec.name();
        line(".TH " + name.toUpperCase(java.util.Locale.ROOT) + " 1 \"" + built.atOffset(ZoneOffset.UTC).toLocalDate()
                + "\" \"scale-sense " + text(version) + "\" \"Scale Sense\"");
        line(".SH NAME");
        line(text(name) + " \\- " + text(first(spec.usageMessage().description())));
        line(".SH SYNOPSIS");
        synopsis(spec);
        line(".SH DESCRIPTION");
        paragraphs(spec.usageMessage().description());
        options(".SH OPTIONS", spec, false);
        if (!spec.subcommands().isEmpty()) {
            line(".SH COMMANDS");
            for (CommandLine sub : spec.subcommands().values()) {
                command(sub.getCommandSpec(), name);
            }
        }
        if (spec.usageMessage().exitCodeList().size() > 0) {
            line(".SH EXIT STATUS");
            spec.usageMessage().exitCodeList().forEach((code, meaning) -> {
                line(".TP");
                line(text(code.strip()));
                line(text(meaning.strip()));
            });
        }
        if (spec.usageMessage().footer().length > 0) {
            line(".SH EXAMPLES");
            line(".nf");
            for (String example : spec.usageMessage().footer()) {
                line(text(example));
            }
            line(".fi");
        }
    }

    /** One subcommand (and its own subcommands) as an SS section; aliases such as "generate-completion" included. */
    private void command(CommandSpec spec, String parent) {
        String qualified = parent + " " + spec.name();
        line(".SS " + text(qualified));
        synopsis(spec);
        paragraphs(spec.usageMessage().description());
        options(".PP\nOptions:", spec, true);
        for (CommandLine sub : spec.subcommands().values()) {
            command(sub.getCommandSpec(), qualified);
        }
    }

    private void synopsis(CommandSpec spec) {
        String synopsis = new CommandLine.Help(spec, CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF))
                .synopsis(0).strip();
        line(".nf");
        for (String l : synopsis.split("\n")) {
            line(text(l));
        }
        line(".fi");
    }

    /** With {@code own}, only the command's own options: the inherited ones are under OPTIONS once. */
    private void options(String heading, CommandSpec spec, boolean own) {
        List<OptionSpec> options = spec.options().stream().filter(o -> !o.hidden() && !(own && o.inherited())).toList();
        List<PositionalParamSpec> positionals = spec.positionalParameters().stream().filter(p -> !p.hidden()).toList();
        if (options.isEmpty() && positionals.isEmpty()) {
            return;
        }
        line(heading);
        for (OptionSpec o : options) {
            line(".TP");
            String label = o.typeInfo().isBoolean() || o.arity().max() == 0 ? "" : " " + o.paramLabel();
            line("\\fB" + text(String.join(", ", o.names())) + "\\fR" + text(label));
            paragraphs(o.description());
        }
        for (PositionalParamSpec p : positionals) {
            line(".TP");
            line("\\fI" + text(p.paramLabel()) + "\\fR");
            paragraphs(p.description());
        }
    }

    private void paragraphs(String[] lines) {
        for (String l : lines) {
            for (String part : l.replace("%n", "\n").split("\n")) {
                line(part.isBlank() ? ".PP" : text(part.strip()));
            }
        }
    }

    private static String first(String[] description) {
        return description.length == 0 ? "" : description[0].replace("%n", " ").strip();
    }

    /** Plain text as troff: backslashes escaped, hyphens as minus signs, no line taken for a request. */
    static String text(String plain) {
        String escaped = plain.replace("\\", "\\e").replace("-", "\\-");
        return escaped.startsWith(".") || escaped.startsWith("'") ? "\\&" + escaped : escaped;
    }

    private void line(String l) {
        troff.append(l).append('\n');
    }
}
