package com.scalesense.sink.handler;

import com.scalesense.protocol.MessageValidator;
import com.scalesense.protocol.WireCodec;
import com.scalesense.sink.admin.KegAssigner;
import com.scalesense.sink.admin.KegIds;
import com.scalesense.sink.api.HttpApi;
import com.scalesense.sink.apikey.ApiKeyPepper;
import com.scalesense.sink.ingest.IngestionService;
import com.scalesense.sink.store.SinkStore;
import com.scalesense.sink.rejection.RejectionMetrics;
import com.scalesense.sink.store.dynamo.DynamoRejections;
import com.scalesense.sink.store.dynamo.DynamoSinkStore;
import com.scalesense.sink.store.dynamo.WriteMeter;
import com.scalesense.sink.tables.TableNames;
import com.scalesense.sink.command.ScaleCommands;
import com.scalesense.sink.command.iot.IotDataPlaneCommands;
import com.scalesense.sink.validation.InvalidInputException;
import java.net.URI;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Map;
import java.util.UUID;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.regions.providers.DefaultAwsRegionProviderChain;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Builds the production object graph from environment variables, for the handlers' no-arg
 * constructors (the Lambda runtime's entry points). Region and credentials come from the Lambda
 * environment as usual. Variables: {@code SCALESENSE_TABLE_PREFIX} (default empty),
 * {@code SCALESENSE_READINGS_RETENTION_DAYS} (device_readings TTL, default 90).
 */
final class SinkWiring {

    static final String RETENTION_ENV = "SCALESENSE_READINGS_RETENTION_DAYS";
    private static final long SECS_PER_DAY = 24L * 3600;

    private SinkWiring() {
    }

    // One client per container: the URL-connection client, no Netty or Apache pool to start, so cold starts stay short.
    private static DynamoDbClient client;

    static synchronized DynamoDbClient client() {
        if (client == null) {
            client = DynamoDbClient.builder().httpClient(UrlConnectionHttpClient.create()).build();
        }
        return client;
    }

    /**
     * The HTTP API over the tables of {@code env}, with the pepper of {@code API_KEY_PEPPER} (refuses to start without);
     * keg assignments publish {@code assign_keg} through {@link #scaleCommands} (template: PublishScaleCommandsPolicy).
     */
    static HttpApi api(Map<String, String> env) {
        TableNames names = TableNames.fromEnv(env);
        Clock clock = Clock.systemUTC();
        ApiKeyPepper pepper = ApiKeyPepper.fromEnvironment(env);
        if (!env.containsKey(IOT_ENDPOINT_ENV)) {
            // No data endpoint configured: assignments are recorded pending and the 5-minute
            // AssignmentCheck sends them, as AdminCli does in the same case.
            return HttpApi.create(client(), names, pepper, clock);
        }
        ScaleCommands commands = scaleCommands(env);
        KegAssigner assigner = new KegAssigner(client(), names, clock, new KegIds(clock, new SecureRandom()), commands);
        return HttpApi.create(client(), names, pepper, clock, assigner, commands);
    }

    static SinkStore store(Map<String, String> env) {
        return store(client(), env);
    }

    static SinkStore store(DynamoDbClient client, Map<String, String> env) {
        long retention = env.containsKey(RETENTION_ENV)
                ? Long.parseLong(env.get(RETENTION_ENV)) * SECS_PER_DAY
                : DynamoSinkStore.DEFAULT_READINGS_RETENTION_SECS;
        return new DynamoSinkStore(client, TableNames.fromEnv(env), retention, new WriteMeter());
    }

    /** Variable naming the account's IoT data endpoint ({@code aws iot describe-endpoint --endpoint-type iot:Data-ATS}). */
    static final String IOT_ENDPOINT_ENV = "SCALESENSE_IOT_DATA_ENDPOINT";

    /**
     * Commands to scales over the IoT data plane at {@code SCALESENSE_IOT_DATA_ENDPOINT}
     * ({@code https://xxxx-ats.iot.<region>.amazonaws.com}), in the Lambda's region, with its role.
     *
     * @throws InvalidInputException naming the variable when it is missing or not an https URL
     */
    static ScaleCommands scaleCommands(Map<String, String> env) {
        return scaleCommands(env, DefaultAwsRegionProviderChain.builder().build().getRegion());
    }

    /** As {@link #scaleCommands(Map)} in {@code region} (AdminCli: the region its DynamoDB client uses). */
    static ScaleCommands scaleCommands(Map<String, String> env, Region region) {
        String endpoint = env.get(IOT_ENDPOINT_ENV);
        if (endpoint == null || !endpoint.startsWith("https://")) {
            throw new InvalidInputException(IOT_ENDPOINT_ENV, endpoint,
                    "must be the account's IoT data endpoint, https://xxxx-ats.iot.<region>.amazonaws.com");
        }
        return new IotDataPlaneCommands(UrlConnectionHttpClient.create(), URI.create(endpoint),
                region, DefaultCredentialsProvider.builder().build());
    }

    /**
     * The production router: rejections kept in the quarantine and counted by EMF on standard output;
     * a scale that registers or connects is sent its low-keg rule when the IoT data endpoint is set.
     */
    static MessageRouter router(SinkStore store, Map<String, String> env) {
        var service = service(store, Clock.systemUTC(), env.containsKey(IOT_ENDPOINT_ENV) ? scaleCommands(env) : null);
        return new MessageRouter(WireCodec.forRuleEvents(), service, Clock.systemUTC(),
                new DynamoRejections(client(), TableNames.fromEnv(env)), new RejectionMetrics(System.out));
    }

    /** @param commands where a registering or connecting scale's low-keg rule goes; null: not sent */
    private static IngestionService service(SinkStore store, Clock clock, ScaleCommands commands) {
        return new IngestionService(store, new MessageValidator(), clock, () -> UUID.randomUUID().toString(), commands);
    }

    /** Replay of held batches over {@code client}'s tables, through the production ingestion path. */
    static HeldBatchReplay heldReplay(DynamoDbClient client, Map<String, String> env, Clock clock) {
        return new HeldBatchReplay(new DynamoRejections(client, TableNames.fromEnv(env)), service(store(client, env), clock, null),
                clock);
    }
}
