package com.scalesense.agent.tls;

import java.nio.file.Path;

/**
 * The TLS files of mqtt.tls.*, read at start-up exactly as a connection will read them, so a bad
 * file is reported against its config key before the first connect (the config's check; the
 * reading itself stays in {@code publish.internal}).
 */
public final class PemFiles {

    private PemFiles() {
    }

    /** @throws TlsSetupException naming what is wrong when {@code file} holds no usable PEM certificate */
    public static void checkCertificates(Path file) {
        PemTls.certificates(file);
    }

    /** @throws TlsSetupException naming what is wrong when {@code file} holds no usable PEM private key */
    public static void checkPrivateKey(Path file) {
        PemTls.privateKey(file);
    }
}
