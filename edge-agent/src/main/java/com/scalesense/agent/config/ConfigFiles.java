package com.scalesense.agent.config;

import com.scalesense.agent.tls.PemFiles;
import com.scalesense.agent.tls.TlsSetupException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The files and directories the config names, checked when the agent starts rather than at the
 * first connection: a missing key file would otherwise only show as a retried connect failure
 * naming one file. Each problem is an error of its own key, collected with all the others.
 */
final class ConfigFiles {

    private ConfigFiles() {
    }

    /** state.dir: an existing directory this user may list and write, or one it can create. */
    static void stateDir(ConfigReader r, Path dir) {
        if (Files.exists(dir)) {
            if (!Files.isDirectory(dir)) {
                r.fail(ConfigKey.STATE_DIR, "must be a directory; " + dir + " is a file");
            } else if (!Files.isReadable(dir) || !Files.isWritable(dir) || !Files.isExecutable(dir)) {
                r.fail(ConfigKey.STATE_DIR, "cannot be used: permission denied (the agent's user must be able to "
                        + "read and write " + dir + "; see docs/operations.md)");
            }
            return;
        }
        Path existing = dir.toAbsolutePath().getParent();
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing != null && (!Files.isDirectory(existing) || !Files.isWritable(existing))) {
            r.fail(ConfigKey.STATE_DIR, "does not exist and cannot be created: permission denied on " + existing);
        }
    }

    /** mqtt.tls.ca_file and mqtt.tls.cert_file: PEM certificate(s). */
    static void certificates(ConfigReader r, ConfigKey key, Path file) {
        pem(r, key, file, PemFiles::checkCertificates, e -> "must hold PEM certificates (-----BEGIN CERTIFICATE-----); "
                + "none found in " + file);
    }

    /** mqtt.tls.key_file: a PEM private key (PKCS#8 or PKCS#1 RSA). */
    static void privateKey(ConfigReader r, ConfigKey key, Path file) {
        pem(r, key, file, PemFiles::checkPrivateKey, e -> "must hold a PEM private key: the file " + e.problem());
    }

    private static void pem(ConfigReader r, ConfigKey key, Path file, Consumer<Path> parse,
                            Function<TlsSetupException, String> rule) {
        if (Files.isDirectory(file)) {
            r.fail(key, "must name a file; " + file + " is a directory");
            return;
        }
        try (InputStream in = Files.newInputStream(file)) {
            in.read();
        } catch (IOException e) {
            r.fail(key, "cannot be read: " + ConfigSource.cause(e));
            return;
        }
        try {
            parse.accept(file);
        } catch (TlsSetupException e) {
            r.fail(key, rule.apply(e));
        }
    }
}
