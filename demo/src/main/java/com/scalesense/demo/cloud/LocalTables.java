package com.scalesense.demo.cloud;

import com.scalesense.demo.DemoException;
import com.scalesense.sink.tables.ItemKey;
import com.scalesense.sink.tables.Table;
import com.scalesense.sink.tables.TableCreator;
import com.scalesense.sink.tables.TableNames;
import java.lang.reflect.Field;
import java.net.URI;
import java.util.Map;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.dynamodb.services.local.embedded.DynamoDBEmbedded;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;
import software.amazon.dynamodb.services.local.shared.access.AmazonDynamoDBLocal;

/**
 * DynamoDB Local with the five tables created by the sink's own {@link TableCreator} from the same
 * definitions the deploy template must match: in this process only ({@link #start()}, in-memory
 * SQLite, no port), or served over HTTP on 127.0.0.1 ({@link #serve(int)}) so the AWS CLI, the
 * AdminCli and anything else can look at the tables while the process runs.
 */
public final class LocalTables implements AutoCloseable {

    /** Any region and key pair do: DynamoDB Local keeps one database per pair unless -sharedDb. */
    public static final Region REGION = Region.US_EAST_1;
    public static final AwsBasicCredentials CREDENTIALS = AwsBasicCredentials.create("local", "local");

    private final DynamoDbClient client;
    private final TableNames names;
    private final URI endpoint;
    private final AutoCloseable engine;

    private LocalTables(DynamoDbClient client, TableNames names, URI endpoint, AutoCloseable engine) {
        this.client = client;
        this.names = names;
        this.endpoint = endpoint;
        this.engine = engine;
    }

    /** Starts DynamoDB Local in this process and creates the tables under their seed names (no prefix). */
    public static LocalTables start() {
        AmazonDynamoDBLocal local = DynamoDBEmbedded.create(true);
        return created(new LocalTables(local.dynamoDbClient(), TableNames.defaults(), null, local::shutdown));
    }

    /**
     * Starts DynamoDB Local as an HTTP server on 127.0.0.1:{@code port} (0: a free port), in memory,
     * with telemetry off and all clients sharing one database (-sharedDb: the AWS CLI with any
     * credentials sees the same tables), and creates the tables.
     */
    public static LocalTables serve(int port) {
        DynamoDBProxyServer server;
        Server jetty;
        try {
            // its command line refuses port 0; the connector below is given the real one
            server = ServerRunner.createServerFromCommandLineArgs(new String[] {"-inMemory", "-sharedDb",
                "-disableTelemetry", "-port", Integer.toString(port == 0 ? ServerRunner.DEFAULT_PORT : port)});
            jetty = jettyOf(server);
            ServerConnector connector = (ServerConnector) jetty.getConnectors()[0];
            // DynamoDB Local binds every interface and has no option for it: a local cloud is for this machine.
            connector.setHost("127.0.0.1");
            connector.setPort(port);
            server.start();
        } catch (Exception e) {
            throw new DemoException("DynamoDB Local cannot listen on 127.0.0.1:" + port + ": " + e.getMessage(), e);
        }
        URI endpoint = URI.create("http://127.0.0.1:" + ((ServerConnector) jetty.getConnectors()[0]).getLocalPort());
        DynamoDbClient client = DynamoDbClient.builder().endpointOverride(endpoint).region(REGION)
                .credentialsProvider(StaticCredentialsProvider.create(CREDENTIALS)).build();
        return created(new LocalTables(client, TableNames.defaults(), endpoint, server::stop));
    }

    private static LocalTables created(LocalTables tables) {
        try {
            new TableCreator(tables.client, tables.names).createAll();
            return tables;
        } catch (RuntimeException e) {
            tables.close();
            throw e;
        }
    }

    /** The Jetty server inside: DynamoDB Local offers no other way to choose the interface. */
    private static Server jettyOf(DynamoDBProxyServer server) throws ReflectiveOperationException {
        Field f = DynamoDBProxyServer.class.getDeclaredField("server");
        f.setAccessible(true);
        return (Server) f.get(server);
    }

    public DynamoDbClient client() {
        return client;
    }

    public TableNames names() {
        return names;
    }

    /** A consistent read of one {@code scale-sense} item (the sink's {@link Table}); an empty map when there is none. */
    public Map<String, AttributeValue> item(ItemKey key) {
        return new Table(client, names.scaleSense()).get(key, true);
    }

    /** {@code http://127.0.0.1:PORT} when {@link #serve served}, else null (in-process only). */
    public URI endpoint() {
        return endpoint;
    }

    @Override
    public void close() {
        client.close();
        try {
            engine.close();
        } catch (Exception e) {
            throw new DemoException("DynamoDB Local did not stop: " + e.getMessage(), e);
        }
    }
}
