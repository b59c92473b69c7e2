package com.scalesense.agent.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scalesense.agent.publish.TestPki;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PemTlsTest {

    @TempDir
    Path dir;

    @Test
    void names_the_missing_ca_file() {
        Path missing = dir.resolve("nowhere/ca.pem");
        assertThatThrownBy(() -> PemTls.socketFactory(missing, null, null))
                .isInstanceOf(TlsSetupException.class)
                .hasMessageContaining(missing.toString())
                .satisfies(e -> assertThat(((TlsSetupException) e).file()).isEqualTo(missing));
    }

    @Test
    void rejects_a_ca_file_without_a_certificate() throws Exception {
        Path empty = Files.writeString(dir.resolve("ca.pem"), "");
        assertThatThrownBy(() -> PemTls.socketFactory(empty, null, null))
                .isInstanceOf(TlsSetupException.class)
                .hasMessageContaining("ca.pem");
    }

    @Test
    void tells_how_to_convert_an_sec1_ec_key() throws Exception {
        // given a key in the one PEM form the JDK cannot read; the CA file is valid so the key is reached
        TestPki pki = TestPki.create(dir.resolve("pki"), "Test CA", Instant.parse("2026-01-01T00:00:00Z"),
                TestPki.KeyType.EC);
        Path ca = pki.caPem();
        Path cert = pki.client("SCALE-0042", false).certPem();
        Path key = Files.writeString(dir.resolve("scale.key"),
                "-----BEGIN EC PRIVATE KEY-----\nAAAA\n-----END EC PRIVATE KEY-----\n");
        // when / then
        assertThatThrownBy(() -> PemTls.socketFactory(ca, cert, key))
                .isInstanceOf(TlsSetupException.class)
                .hasMessageContaining("scale.key")
                .hasMessageContaining("EC PRIVATE KEY")
                .hasMessageContaining("openssl pkcs8 -topk8");
    }
}
