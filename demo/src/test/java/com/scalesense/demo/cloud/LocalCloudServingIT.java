package com.scalesense.demo.cloud;

import static org.assertj.core.api.Assertions.assertThat;

import com.scalesense.sink.handler.AdminCli;
import com.scalesense.sink.tables.Tables;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The local cloud of docs/cloud.md (`scale-sense-demo local-cloud`, the demo's --keep-running):
 * DynamoDB Local served on a loopback port with the sink's tables, looked at from outside as the
 * AWS CLI and the AdminCli would. Guards issue 14: the demo's tables lived in process with no
 * endpoint, and nothing created them outside SAM.
 */
class LocalCloudServingIT {

    @TempDir
    Path dir;
    private LocalCloud cloud;
    private DynamoDbClient outsider;

    @BeforeEach
    void start() {
        cloud = LocalCloud.serving(dir, Clock.systemUTC(), 1, 0, 0);
        // another key pair and region, as an operator's AWS CLI profile would have
        outsider = DynamoDbClient.builder().endpointOverride(cloud.tables().endpoint()).region(Region.EU_WEST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("someone", "else")))
                .build();
    }

    @AfterEach
    void stop() {
        if (outsider != null) {
            outsider.close();
        }
        if (cloud != null) {
            cloud.close();
        }
    }

    @Test
    void the_tables_are_served_on_a_loopback_port_to_any_client() {
        assertThat(cloud.tables().endpoint().getHost()).isEqualTo("127.0.0.1");
        assertThat(cloud.tables().endpoint().getPort()).isPositive();
        assertThat(cloud.broker().uri().getHost()).isEqualTo("127.0.0.1");

        assertThat(outsider.listTables().tableNames())
                .containsExactlyInAnyOrderElementsOf(Tables.ALL.stream().map(cloud.tables().names()::of).toList());
    }

    @Test
    void admin_cli_create_tables_is_idempotent_against_the_endpoint_and_seed_then_works() {
        Map<String, String> env = Map.of(AdminCli.ENDPOINT_ENV, cloud.tables().endpoint().toString());
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8);
        List<String> before = outsider.listTables().tableNames();

        int[] exits = withAwsProperties(() -> new int[] {AdminCli.run(new String[] {"create-tables"}, env, out),
            AdminCli.run(new String[] {"create-tables"}, env, out), AdminCli.run(new String[] {"seed", "../seeds"}, env, out)});

        assertThat(exits).as(printed.toString(StandardCharsets.UTF_8)).containsExactly(0, 0, 0);
        assertThat(outsider.listTables().tableNames()).isEqualTo(before);
        assertThat(printed.toString(StandardCharsets.UTF_8)).contains("tables ready: ").contains("seeded: 48 items written");
        assertThat(outsider.scan(b -> b.tableName(cloud.tables().names().of(Tables.SCALE_SENSE))).count()).isPositive();
    }

    /** Region and key pair for the AdminCli's default provider chain, as an operator's environment would set them. */
    private static <T> T withAwsProperties(java.util.function.Supplier<T> body) {
        Map<String, String> props = Map.of("aws.region", "us-east-1", "aws.accessKeyId", "local",
                "aws.secretAccessKey", "local");
        props.forEach(System::setProperty);
        try {
            return body.get();
        } finally {
            props.keySet().forEach(System::clearProperty);
        }
    }
}
