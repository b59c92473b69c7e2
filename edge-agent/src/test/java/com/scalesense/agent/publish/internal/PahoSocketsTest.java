package com.scalesense.agent.publish.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.Socket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;
import org.junit.jupiter.api.Test;

/** The read timeout rule of {@link PahoSockets} on unconnected sockets, plain and TLS (no I/O). */
class PahoSocketsTest {

    private static final int LONG_MS = (int) PahoSockets.READ_TIMEOUT.toMillis();

    @Test
    void pahos_first_read_timeout_of_a_second_becomes_the_long_one_and_later_settings_pass() throws Exception {
        for (PahoSockets link : new PahoSockets[] {PahoSockets.plain(),
            PahoSockets.tls((SSLSocketFactory) SSLSocketFactory.getDefault())}) {
            try (Socket s = link.factory().createSocket()) {
                // when Paho sets its 1000 ms after connecting
                s.setSoTimeout(PahoSockets.PAHO_READ_TIMEOUT_MS);
                // then the socket waits 10 s
                assertThat(s.getSoTimeout()).isEqualTo(LONG_MS);
                // and a later setting is kept as asked, e.g. a TLS handshake timeout of 1 s
                // (MqttSettings allows a connect timeout of 1 s)
                s.setSoTimeout(PahoSockets.PAHO_READ_TIMEOUT_MS);
                assertThat(s.getSoTimeout()).isEqualTo(PahoSockets.PAHO_READ_TIMEOUT_MS);
            }
        }
    }

    @Test
    void a_first_setting_other_than_pahos_is_kept_and_tls_sockets_stay_tls() throws Exception {
        PahoSockets link = PahoSockets.tls((SSLSocketFactory) SSLSocketFactory.getDefault());
        try (Socket s = link.factory().createSocket()) {
            s.setSoTimeout(5_000);
            assertThat(s.getSoTimeout()).isEqualTo(5_000);
            assertThat(s).isInstanceOf(SSLSocket.class);
            assertThat(link.factory()).isInstanceOf(SSLSocketFactory.class);
        }
    }
}
