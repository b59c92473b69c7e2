package com.scalesense.packaging;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.apache.commons.compress.archivers.ar.ArArchiveEntry;
import org.apache.commons.compress.archivers.ar.ArArchiveInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;

/**
 * A built .deb read as dpkg reads it (deb(5)): an ar archive of debian-binary, control.tar.gz and
 * data.tar.gz. No dpkg needed, so the test runs on any build machine.
 */
record DebArchive(String debianBinary, Map<String, Entry> control, Map<String, Entry> data) {

    /** One tar member: path without the leading "./", mode bits, owner, and the bytes of a file. */
    record Entry(String path, int mode, String user, String group, boolean directory, byte[] bytes) {
        String text() {
            return new String(bytes, StandardCharsets.UTF_8);
        }

        boolean executable() {
            return (mode & 0111) == 0111;
        }
    }

    static DebArchive read(Path deb) throws IOException {
        String debianBinary = null;
        Map<String, Entry> control = null;
        Map<String, Entry> data = null;
        try (ArArchiveInputStream ar = new ArArchiveInputStream(Files.newInputStream(deb))) {
            ArArchiveEntry member;
            while ((member = ar.getNextEntry()) != null) {
                byte[] bytes = ar.readAllBytes();
                String name = member.getName();
                if (name.equals("debian-binary")) {
                    debianBinary = new String(bytes, StandardCharsets.US_ASCII);
                } else if (name.startsWith("control.tar")) {
                    control = tar(name, bytes);
                } else if (name.startsWith("data.tar")) {
                    data = tar(name, bytes);
                } else {
                    throw new IOException("unexpected ar member " + name + " in " + deb);
                }
            }
        }
        if (debianBinary == null || control == null || data == null) {
            throw new IOException(deb + " lacks debian-binary, control.tar or data.tar");
        }
        return new DebArchive(debianBinary, control, data);
    }

    private static Map<String, Entry> tar(String name, byte[] bytes) throws IOException {
        InputStream raw = new ByteArrayInputStream(bytes);
        if (name.endsWith(".gz")) {
            raw = new GZIPInputStream(raw);
        } else if (!name.endsWith(".tar")) {
            throw new IOException(name + ": only gzip or uncompressed members are read here");
        }
        Map<String, Entry> entries = new LinkedHashMap<>();
        try (TarArchiveInputStream tar = new TarArchiveInputStream(raw)) {
            TarArchiveEntry e;
            while ((e = tar.getNextEntry()) != null) {
                String path = e.getName().replaceFirst("^\\./", "/").replaceFirst("/$", "");
                if (!path.startsWith("/")) {
                    path = "/" + path;
                }
                entries.put(path, new Entry(path, e.getMode() & 07777, e.getUserName(), e.getGroupName(), e.isDirectory(),
                        e.isDirectory() ? new byte[0] : tar.readAllBytes()));
            }
        }
        return entries;
    }

    /** The control file's fields (continuation lines folded into their field). */
    Map<String, String> fields() {
        Map<String, String> fields = new LinkedHashMap<>();
        String last = null;
        for (String line : control.get("/control").text().split("\n")) {
            if (line.startsWith(" ") && last != null) {
                fields.put(last, fields.get(last) + "\n" + line);
            } else if (line.contains(":")) {
                last = line.substring(0, line.indexOf(':'));
                fields.put(last, line.substring(line.indexOf(':') + 1).strip());
            }
        }
        return fields;
    }
}
