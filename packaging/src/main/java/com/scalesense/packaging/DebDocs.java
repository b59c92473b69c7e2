package com.scalesense.packaging;

import com.scalesense.cal.CliContext;
import com.scalesense.cal.ScaleCal;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.BufferedReader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.zip.GZIPOutputStream;
import picocli.AutoComplete;
import picocli.CommandLine;

/**
 * Writes the generated files of the .deb at build time (prepare-package): scale-cal's man page and
 * bash completion from its picocli model (so neither drifts from the code), scale-agent's
 * hand-written man page, changelog.Debian and copyright; man pages and the changelog gzip-compressed
 * as Debian policy 12.1/12.7 asks, with no name or time in the gzip header so builds are reproducible.
 *
 * <pre>DebDocs SRC_DEB_DIR OUT_DIR DEBIAN_VERSION BUILD_TIMESTAMP</pre>
 */
public final class DebDocs {

    private DebDocs() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 4) {
            throw new IllegalArgumentException("usage: DebDocs SRC_DEB_DIR OUT_DIR DEBIAN_VERSION BUILD_TIMESTAMP");
        }
        Path src = Path.of(args[0]);
        Path out = Path.of(args[1]);
        String version = args[2];
        Instant built = Instant.parse(args[3]);
        CommandLine scaleCal = ScaleCal.commandLine(quietContext());

        // Sourced by bash-completion, never run: no "#!" line (lintian bash-completion-with-hashbang).
        String completion = AutoComplete.bash("scale-cal", scaleCal).replaceFirst("\\A#![^\n]*\n", "");
        write(out.resolve("completion/scale-cal"), completion.getBytes(StandardCharsets.UTF_8));
        writeGzip(out.resolve("man1/scale-cal.1.gz"), ManPage.of(scaleCal.getCommandSpec(), version, built));
        writeGzip(out.resolve("man1/scale-agent.1.gz"),
                fill(Files.readString(src.resolve("man/scale-agent.1")), version, built));
        writeGzip(out.resolve("doc/changelog.Debian.gz"), fill(Files.readString(src.resolve("changelog")), version, built));
        write(out.resolve("doc/copyright"), Files.readAllBytes(src.resolve("copyright")));
    }

    /** @VERSION@, @DATE@ (RFC 5322, as changelogs want) and @MANDATE@ (YYYY-MM-DD) filled in. */
    static String fill(String template, String version, Instant built) {
        return template.replace("@VERSION@", version)
                .replace("@DATE@", DateTimeFormatter.RFC_1123_DATE_TIME.withLocale(Locale.ROOT)
                        .format(built.atOffset(ZoneOffset.UTC)).replace("GMT", "+0000"))
                .replace("@MANDATE@", built.atOffset(ZoneOffset.UTC).toLocalDate().toString());
    }

    /** Nothing is run, only the model read: no streams, no clock that matters. */
    private static CliContext quietContext() {
        PrintWriter sink = new PrintWriter(new StringWriter());
        return new CliContext(sink, sink, new BufferedReader(new StringReader("")), false, Clock.systemUTC(),
                new Random(0), Map.of(), ProcessHandle.current().pid());
    }

    private static void write(Path file, byte[] bytes) throws IOException {
        Files.createDirectories(file.getParent());
        Files.write(file, bytes);
    }

    /**
     * As {@code gzip -9n}: Java's GZIPOutputStream writes mtime 0 and no file name (the bytes depend
     * on the text only); level 9, and the header's XFL byte 2 ("maximum compression") and OS byte 3
     * (Unix) that gzip writes and lintian checks (poor-compression-in-manual-page). The header is not
     * covered by the trailer's CRC, so setting them afterwards is safe.
     */
    private static void writeGzip(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream gz = new GZIPOutputStream(bytes) {
            {
                def.setLevel(9);
            }
        }) {
            gz.write(text.getBytes(StandardCharsets.UTF_8));
        }
        byte[] gzip = bytes.toByteArray();
        gzip[8] = 2;
        gzip[9] = 3;
        Files.write(file, gzip);
    }
}
