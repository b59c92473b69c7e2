package com.scalesense.agent.publish;

import java.nio.file.Path;

/**
 * TLS for an {@code ssl://} broker: the CA that signed the broker's certificate and, for mutual
 * TLS (required by AWS IoT Core), the scale's own certificate and private key. All files are PEM;
 * the key may be PKCS#8 ({@code BEGIN PRIVATE KEY}) or PKCS#1 RSA ({@code BEGIN RSA PRIVATE KEY},
 * the form AWS IoT hands out). Files are read when connecting, so a rotated certificate is used
 * at the next reconnect.
 *
 * @param caFile         CA certificate(s) trusted for the broker (mqtt.tls.ca_file)
 * @param clientCertFile the scale's certificate, or null for server-only TLS (mqtt.tls.cert_file)
 * @param clientKeyFile  the private key of {@code clientCertFile}, or null (mqtt.tls.key_file)
 */
public record TlsSettings(Path caFile, Path clientCertFile, Path clientKeyFile) {

    public TlsSettings {
        Settings.require("mqtt.tls.ca_file", caFile, caFile != null, "must be set for an ssl:// broker");
        Settings.require("mqtt.tls.key_file", clientKeyFile, (clientCertFile == null) == (clientKeyFile == null),
                "must be set together with mqtt.tls.cert_file (" + clientCertFile + ")");
    }

    /** Server-authenticated TLS only. */
    public static TlsSettings serverOnly(Path caFile) {
        return new TlsSettings(caFile, null, null);
    }

    /** True if the scale presents a client certificate. */
    public boolean mutual() {
        return clientCertFile != null;
    }
}
