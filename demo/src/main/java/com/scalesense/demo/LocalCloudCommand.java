package com.scalesense.demo;

import com.scalesense.demo.cloud.LocalCloud;
import com.scalesense.demo.cloud.LocalTables;
import com.scalesense.sink.tables.Tables;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code scale-sense-demo local-cloud}: the cloud half on this machine, left running to look at
 * and to publish into: DynamoDB Local served on 127.0.0.1 with the sink's tables (the same
 * TableCreator), the embedded broker, and the sink behind the local IoT rule. Runs until Ctrl-C;
 * the tables live in memory and go with it.
 */
@Command(name = "local-cloud", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Start DynamoDB Local on 127.0.0.1 with the sink's tables, the MQTT broker and the sink behind "
                + "a local IoT rule, and keep them running until Ctrl-C (tables in memory).",
            "Then: aws dynamodb list-tables --endpoint-url http://127.0.0.1:8000 --region us-east-1; "
                + "AWS_ENDPOINT_URL_DYNAMODB=http://127.0.0.1:8000 ... AdminCli seed seeds; "
                + "SCALE_SENSE_MQTT_BROKER_URI=tcp://127.0.0.1:1883 scale-agent --simulate (docs/cloud.md)."})
final class LocalCloudCommand implements Callable<Integer> {

    @Option(names = "--dynamodb-port", defaultValue = "8000", description = "DynamoDB Local's port on 127.0.0.1 "
            + "(default ${DEFAULT-VALUE}; 0: any free port)")
    int dynamoPort;

    @Option(names = "--broker-port", defaultValue = "1883", description = "the MQTT broker's port on 127.0.0.1 "
            + "(default ${DEFAULT-VALUE}; 0: any free port)")
    int brokerPort;

    @Option(names = "--work-dir", description = "the broker's data (default: a new temp dir)")
    Path workDir;

    private final PrintStream out = System.out;

    @Override
    public Integer call() throws IOException, InterruptedException {
        Path work = workDir != null ? Files.createDirectories(workDir) : Files.createTempDirectory("scale-sense-cloud");
        LocalCloud cloud = LocalCloud.serving(work, Clock.systemUTC(), 0, dynamoPort, brokerPort);
        Runtime.getRuntime().addShutdownHook(new Thread(cloud::close, "local-cloud-stop"));
        describe(cloud, out);
        new CountDownLatch(1).await(); // until Ctrl-C: the shutdown hook stops the broker and the tables
        return 0;
    }

    /** What runs where, and how to look: printed by local-cloud and by the demo's --keep-running. */
    static void describe(LocalCloud cloud, PrintStream out) {
        String endpoint = cloud.tables().endpoint().toString();
        out.println("DynamoDB Local: " + endpoint + " (in memory, shared by every key pair and region), tables: "
                + String.join(", ", Tables.ALL.stream().map(cloud.tables().names()::of).toList()));
        out.println("MQTT broker:    " + cloud.broker().uri() + " (the sink stores what scales publish)");
        out.println("Look:   aws dynamodb list-tables --endpoint-url " + endpoint + " --region "
                + LocalTables.REGION.id());
        out.println("Admin:  AWS_ENDPOINT_URL_DYNAMODB=" + endpoint + " AWS_REGION=" + LocalTables.REGION.id()
                + " AWS_ACCESS_KEY_ID=local AWS_SECRET_ACCESS_KEY=local \\");
        out.println("          java -cp cloud-sink/target/cloud-sink-*-lambda.jar com.scalesense.sink.handler.AdminCli seed seeds");
        out.println("Scale:  SCALE_SENSE_MQTT_BROKER_URI=" + cloud.broker().uri()
                + " java -jar edge-agent/target/scale-agent.jar --simulate");
        out.println("Ctrl-C stops it; the tables are in memory and go with it.");
        out.flush();
    }
}
