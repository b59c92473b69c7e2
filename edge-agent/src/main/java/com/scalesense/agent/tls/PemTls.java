package com.scalesense.agent.tls;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.Collection;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManagerFactory;

/**
 * Builds a TLS socket factory from PEM files, read on every call: the broker's CA and, for mutual TLS,
 * the device's certificate and key (mqtt.tls.ca_file, cert_file, key_file). JDK only, so scale-cal's
 * broker check can use it without the MQTT clients.
 */
public final class PemTls {

    private static final Pattern PEM = Pattern.compile(
            "-----BEGIN ([A-Z ]+)-----([A-Za-z0-9+/=\\s]+)-----END \\1-----");
    /** In-memory keystores only; the password protects nothing on disk. */
    private static final char[] NO_PASSWORD = new char[0];

    private PemTls() {
    }

    /** @throws TlsSetupException naming the file when one cannot be read or parsed */
    public static SSLSocketFactory socketFactory(Path caFile, Path clientCertFile, Path clientKeyFile) {
        try {
            KeyStore trusted = KeyStore.getInstance("PKCS12");
            trusted.load(null, null);
            int i = 0;
            for (Certificate ca : certificates(caFile)) {
                trusted.setCertificateEntry("ca-" + i++, ca);
            }
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(trusted);
            KeyManagerFactory kmf = null;
            if (clientCertFile != null) {
                KeyStore own = KeyStore.getInstance("PKCS12");
                own.load(null, null);
                own.setKeyEntry("client", privateKey(clientKeyFile), NO_PASSWORD,
                        certificates(clientCertFile).toArray(Certificate[]::new));
                kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
                kmf.init(own, NO_PASSWORD);
            }
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(kmf == null ? null : kmf.getKeyManagers(), tmf.getTrustManagers(), null);
            return context.getSocketFactory();
        } catch (GeneralSecurityException | IOException e) {
            throw new TlsSetupException(caFile, e);
        }
    }

    /**
     * Reads the PEM certificate(s) of {@code file}, as a connection would (the start-up check of
     * mqtt.tls.ca_file and mqtt.tls.cert_file).
     *
     * @throws TlsSetupException naming what is wrong
     */
    public static Collection<? extends Certificate> certificates(Path file) {
        try (var in = Files.newInputStream(file)) {
            Collection<? extends Certificate> certs = CertificateFactory.getInstance("X.509").generateCertificates(in);
            if (certs.isEmpty()) {
                throw new TlsSetupException(file, "holds no PEM certificate");
            }
            return certs;
        } catch (IOException | GeneralSecurityException e) {
            throw new TlsSetupException(file, e);
        }
    }

    /**
     * Reads the PEM private key of {@code file}, as a connection would (the start-up check of
     * mqtt.tls.key_file).
     *
     * @throws TlsSetupException naming what is wrong
     */
    public static PrivateKey privateKey(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new TlsSetupException(file, new UncheckedIOException(e));
        }
        Matcher m = PEM.matcher(text);
        if (!m.find()) {
            throw new TlsSetupException(file, "holds no PEM block");
        }
        byte[] der = Base64.getMimeDecoder().decode(m.group(2));
        byte[] pkcs8 = switch (m.group(1)) {
            case "PRIVATE KEY" -> der;
            case "RSA PRIVATE KEY" -> Pkcs1.toPkcs8(der);
            default -> throw new TlsSetupException(file, "holds a '" + m.group(1)
                    + "'; convert it with: openssl pkcs8 -topk8 -nocrypt -in key.pem -out key.pk8.pem");
        };
        for (String algorithm : new String[] {"RSA", "EC"}) {
            try {
                return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(pkcs8));
            } catch (GeneralSecurityException tryNext) {
                // not this algorithm; AWS IoT keys are RSA, our test keys EC
            }
        }
        throw new TlsSetupException(file, "holds a key that is neither RSA nor EC");
    }
}
