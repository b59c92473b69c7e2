package com.scalesense.agent.publish;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.Date;
import java.util.concurrent.atomic.AtomicLong;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * Certificates made at test time: a CA, a broker certificate for localhost/127.0.0.1 and client
 * certificates, written as PEM (for the agent) and JKS (for HiveMQ). Validity is anchored to {@code now} passed in, not read from a hidden clock.
 */
public final class TestPki {

    static final String STORE_PASSWORD = "changeit";
    private static final AtomicLong SERIAL = new AtomicLong(1);

    /** The broker's keystore and truststore (JKS). */
    public record BrokerStores(Path keystore, Path truststore, String password) {
    }

    /** A signed identity: PEM certificate and PEM private key. */
    public record Identity(Path certPem, Path keyPem) {
    }

    /** RSA 2048 as AWS IoT issues; EC P-256 where only the file formats matter (a hundred times faster to make). */
    public enum KeyType {
        RSA("RSA", 2048, "SHA256withRSA"),
        EC("EC", 256, "SHA256withECDSA");

        private final String algorithm;
        private final int bits;
        private final String signature;

        KeyType(String algorithm, int bits, String signature) {
            this.algorithm = algorithm;
            this.bits = bits;
            this.signature = signature;
        }
    }

    private final Path dir;
    private final Instant now;
    private final KeyType keyType;
    private final KeyPair caKeys;
    private final X509Certificate caCert;

    private TestPki(Path dir, String caName, Instant now, KeyType keyType)
            throws GeneralSecurityException, IOException {
        this.dir = Files.createDirectories(dir);
        this.now = now;
        this.keyType = keyType;
        this.caKeys = keyPair();
        this.caCert = sign(new X500Name("CN=" + caName), caKeys, caKeys, true, null);
    }

    public static TestPki create(Path dir, String caName, Instant now) {
        return create(dir, caName, now, KeyType.RSA);
    }

    public static TestPki create(Path dir, String caName, Instant now, KeyType keyType) {
        try {
            return new TestPki(dir, caName, now, keyType);
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("cannot create test CA " + caName, e);
        }
    }

    public Path caPem() {
        return write("ca.pem", pem("CERTIFICATE", encoded(caCert)));
    }

    /** Broker certificate for localhost and 127.0.0.1 in a JKS keystore; this CA in a JKS truststore. */
    public BrokerStores brokerStores() {
        try {
            KeyPair keys = keyPair();
            GeneralNames names = new GeneralNames(new GeneralName[] {
                new GeneralName(GeneralName.dNSName, "localhost"),
                new GeneralName(GeneralName.iPAddress, "127.0.0.1")});
            X509Certificate cert = sign(new X500Name("CN=localhost"), keys, caKeys, false, names);
            KeyStore keystore = KeyStore.getInstance("JKS");
            keystore.load(null, null);
            keystore.setKeyEntry("broker", keys.getPrivate(), STORE_PASSWORD.toCharArray(),
                    new Certificate[] {cert, caCert});
            KeyStore truststore = KeyStore.getInstance("JKS");
            truststore.load(null, null);
            truststore.setCertificateEntry("ca", caCert);
            return new BrokerStores(store("broker.jks", keystore), store("trust.jks", truststore), STORE_PASSWORD);
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("cannot create broker stores", e);
        }
    }

    /** A client certificate for {@code thingName}; key as PKCS#8, or PKCS#1 RSA as AWS IoT hands it out. */
    public Identity client(String thingName, boolean pkcs1Key) {
        if (pkcs1Key && keyType != KeyType.RSA) {
            throw new IllegalArgumentException("PKCS#1 is an RSA key format; this CA makes " + keyType + " keys");
        }
        try {
            KeyPair keys = keyPair();
            X509Certificate cert = sign(new X500Name("CN=" + thingName), keys, caKeys, false, null);
            byte[] pkcs8 = keys.getPrivate().getEncoded();
            String keyPem = pkcs1Key
                    ? pem("RSA PRIVATE KEY", PrivateKeyInfo.getInstance(pkcs8).parsePrivateKey().toASN1Primitive()
                            .getEncoded())
                    : pem("PRIVATE KEY", pkcs8);
            return new Identity(write(thingName + ".cert.pem", pem("CERTIFICATE", encoded(cert))),
                    write(thingName + ".key.pem", keyPem));
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("cannot create client certificate " + thingName, e);
        }
    }

    private X509Certificate sign(X500Name subject, KeyPair subjectKeys, KeyPair issuerKeys, boolean ca,
            GeneralNames altNames) throws GeneralSecurityException, IOException {
        X500Name issuer = ca ? subject : new X500Name(caCert.getSubjectX500Principal().getName());
        var builder = new JcaX509v3CertificateBuilder(issuer, BigInteger.valueOf(SERIAL.getAndIncrement()),
                Date.from(now.minus(1, ChronoUnit.HOURS)), Date.from(now.plus(1, ChronoUnit.DAYS)), subject,
                subjectKeys.getPublic());
        builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(ca));
        builder.addExtension(Extension.keyUsage, true, ca
                ? new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign)
                : new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyEncipherment));
        if (altNames != null) {
            builder.addExtension(Extension.subjectAlternativeName, false, altNames);
        }
        try {
            var signer = new JcaContentSignerBuilder(keyType.signature).build(issuerKeys.getPrivate());
            return new JcaX509CertificateConverter().getCertificate(builder.build(signer));
        } catch (org.bouncycastle.operator.OperatorCreationException e) {
            throw new GeneralSecurityException(e);
        }
    }

    private KeyPair keyPair() throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance(keyType.algorithm);
        generator.initialize(keyType.bits);
        return generator.generateKeyPair();
    }

    private static byte[] encoded(X509Certificate cert) {
        try {
            return cert.getEncoded();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String pem(String type, byte[] der) {
        String body = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der);
        return "-----BEGIN " + type + "-----\n" + body + "\n-----END " + type + "-----\n";
    }

    private Path write(String name, String text) {
        try {
            return Files.writeString(dir.resolve(name), text, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Path store(String name, KeyStore store) throws IOException, GeneralSecurityException {
        Path file = dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(file)) {
            store.store(out, STORE_PASSWORD.toCharArray());
        }
        return file;
    }
}
