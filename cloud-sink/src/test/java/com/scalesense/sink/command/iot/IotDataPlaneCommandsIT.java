package com.scalesense.sink.command.iot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scalesense.protocol.DeviceCommand;
import com.scalesense.protocol.WireCodec;
import com.scalesense.sink.command.CommandNotSentException;
import com.scalesense.sink.command.KegCommands;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;

/**
 * The IoT data plane adapter against an HTTP server on 127.0.0.1 standing in for the account's
 * data endpoint: the request is the Publish action (POST /topics/{topic}?qos=1, the topic one
 * path segment), signed with SigV4 for iotdata in the region, carrying the command as the
 * protocol encodes it; a refusal is a {@link CommandNotSentException} naming the HTTP status.
 */
class IotDataPlaneCommandsIT {

    record Received(String method, String rawPath, String query, String authorization, byte[] body) {
    }

    private final List<Received> received = new CopyOnWriteArrayList<>();
    private HttpServer server;
    private volatile int status = 200;
    private IotDataPlaneCommands commands;

    @BeforeEach
    void endpoint() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            received.add(new Received(exchange.getRequestMethod(), exchange.getRequestURI().getRawPath(),
                    exchange.getRequestURI().getRawQuery(), exchange.getRequestHeaders().getFirst("Authorization"),
                    exchange.getRequestBody().readAllBytes()));
            byte[] answer = (status == 200 ? "{\"message\":\"OK\"}" : "{\"message\":\"Not authorized\"}")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, answer.length);
            exchange.getResponseBody().write(answer);
            exchange.close();
        });
        server.start();
        commands = new IotDataPlaneCommands(UrlConnectionHttpClient.create(),
                URI.create("http://127.0.0.1:" + server.getAddress().getPort()), Region.US_EAST_1,
                StaticCredentialsProvider.create(AwsBasicCredentials.create("AKIDEXAMPLE", "secret")));
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void publishes_the_command_on_the_devices_commands_topic_at_qos_1_signed_for_iotdata() {
        DeviceCommand command = KegCommands.assignKeg("keg-20261121-a1B2", "half_barrel", "loc-001#house-ale", 1.012,
                1_795_262_400_000L);

        commands.send("SCALE-0042", command);

        assertThat(received).singleElement().satisfies(r -> {
            assertThat(r.method()).isEqualTo("POST");
            assertThat(r.rawPath()).isEqualTo("/topics/scalesense%2Fv1%2FSCALE-0042%2Fcommands");
            assertThat(r.query()).isEqualTo("qos=1");
            assertThat(r.authorization()).startsWith("AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/")
                    .contains("/us-east-1/iotdata/aws4_request");
            assertThat(new WireCodec().decodeCommand(r.body())).isEqualTo(command);
        });
    }

    @Test
    void a_refusal_is_a_command_not_sent_naming_the_status() {
        status = 403;

        assertThatThrownBy(() -> commands.send("SCALE-0042",
                KegCommands.assignKeg("keg-20261121-a1B2", "half_barrel", null, 1.0, 1_795_262_400_000L)))
                .isInstanceOf(CommandNotSentException.class).hasMessageContaining("HTTP 403")
                .hasMessageContaining("Not authorized").hasMessageContaining("scalesense/v1/SCALE-0042/commands");
    }
}
