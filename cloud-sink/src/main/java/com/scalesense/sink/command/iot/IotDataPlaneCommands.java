package com.scalesense.sink.command.iot;

import com.scalesense.protocol.DeviceCommand;
import com.scalesense.protocol.Topics;
import com.scalesense.protocol.WireCodec;
import com.scalesense.sink.command.CommandNotSentException;
import com.scalesense.sink.command.ScaleCommands;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner;
import software.amazon.awssdk.http.auth.spi.signer.SignedRequest;
import software.amazon.awssdk.regions.Region;

/**
 * {@link ScaleCommands} on the AWS IoT data plane: the Publish action ({@code POST
 * /topics/{topic}?qos=1}, AWS IoT API reference "Publish"), signed with Signature Version 4 for
 * the service {@code iotdata}, sent with the sink's URL-connection HTTP client. The IoT Data Plane
 * SDK module is not in this build's repository, and the action is one signed POST, so the
 * adapter makes it with the SDK parts the sink already has (signer, credentials, HTTP client).
 *
 * <p>QoS 1: the broker acknowledges once it took the message, and delivers it at least once to
 * the scale's session (queued while a persistent session is disconnected). IAM: {@code iot:Publish}
 * on {@code arn:aws:iot:<region>:<account>:topic/scalesense/v1/*&#47;commands} (template.yaml).
 */
public final class IotDataPlaneCommands implements ScaleCommands {

    /** The SigV4 signing name of the IoT data plane (the "iotdata" of its endpoint's credential scope). */
    static final String SIGNING_NAME = "iotdata";

    private final SdkHttpClient http;
    private final URI endpoint;
    private final Region region;
    private final AwsCredentialsProvider credentials;
    private final WireCodec codec = new WireCodec();
    private final AwsV4HttpSigner signer = AwsV4HttpSigner.create();

    /**
     * @param endpoint the account's data endpoint, {@code https://xxxx-ats.iot.<region>.amazonaws.com}
     *                 ({@code aws iot describe-endpoint --endpoint-type iot:Data-ATS})
     */
    public IotDataPlaneCommands(SdkHttpClient http, URI endpoint, Region region, AwsCredentialsProvider credentials) {
        this.http = http;
        this.endpoint = endpoint;
        this.region = region;
        this.credentials = credentials;
    }

    @Override
    public void send(String deviceId, DeviceCommand command) {
        String topic = Topics.commands(deviceId);
        byte[] payload = codec.encode(command);
        SdkHttpRequest request = SdkHttpRequest.builder().method(SdkHttpMethod.POST).uri(endpoint)
                .encodedPath("/topics/" + URLEncoder.encode(topic, StandardCharsets.UTF_8))
                .putRawQueryParameter("qos", "1")
                .putHeader("Content-Type", "application/json")
                .putHeader("Content-Length", Integer.toString(payload.length)).build();
        try {
            SignedRequest signed = signer.sign(r -> r.identity(credentials.resolveCredentials()).request(request)
                    .payload(ContentStreamProvider.fromByteArray(payload))
                    .putProperty(AwsV4HttpSigner.SERVICE_SIGNING_NAME, SIGNING_NAME)
                    .putProperty(AwsV4HttpSigner.REGION_NAME, region.id()));
            HttpExecuteResponse response = http.prepareRequest(HttpExecuteRequest.builder().request(signed.request())
                    .contentStreamProvider(signed.payload().orElse(null)).build()).call();
            int status = response.httpResponse().statusCode();
            if (status != 200) {
                throw new CommandNotSentException("IoT Publish of " + command.type() + " " + command.commandId()
                        + " to " + topic + " answered HTTP " + status + ": " + body(response), null);
            }
            drain(response);
        } catch (IOException | SdkException e) {
            throw new CommandNotSentException("IoT Publish of " + command.type() + " " + command.commandId()
                    + " to " + topic + " failed: " + e.getMessage(), e);
        }
    }

    /** The first 300 bytes of an error answer (IoT says which permission or limit refused it). */
    private static String body(HttpExecuteResponse response) {
        return response.responseBody().map(in -> {
            try (InputStream body = in) {
                return new String(body.readNBytes(300), StandardCharsets.UTF_8);
            } catch (IOException e) {
                return "(body unreadable: " + e.getMessage() + ")";
            }
        }).orElse("");
    }

    private static void drain(HttpExecuteResponse response) throws IOException {
        if (response.responseBody().isPresent()) {
            try (InputStream body = response.responseBody().get()) {
                body.readAllBytes();
            }
        }
    }
}
