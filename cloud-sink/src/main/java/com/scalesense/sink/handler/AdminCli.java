package com.scalesense.sink.handler;

import com.scalesense.sink.SinkException;
import com.scalesense.sink.api.LocalApiServer;
import com.scalesense.sink.admin.DeviceRegistry;
import com.scalesense.sink.admin.KegAssigner;
import com.scalesense.sink.admin.KegAssignment;
import com.scalesense.sink.admin.KegIds;
import com.scalesense.sink.admin.Taps;
import com.scalesense.sink.apikey.ApiKey;
import com.scalesense.sink.apikey.ApiKeyPepper;
import com.scalesense.sink.apikey.ApiKeys;
import com.scalesense.sink.apikey.CreatedApiKey;
import com.scalesense.sink.rejection.Rejection;
import com.scalesense.sink.seed.SeedLoader;
import com.scalesense.sink.seed.SeedReader;
import com.scalesense.sink.store.dynamo.DynamoRejections;
import com.scalesense.sink.tables.TableCreator;
import com.scalesense.sink.tables.TableNames;
import com.scalesense.sink.tables.Tables;
import com.scalesense.sink.validation.Fields;
import com.scalesense.sink.validation.InvalidInputException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Supplier;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Operator commands run from the Lambda jar against a deployed stack or a local cloud (docs/cloud.md):
 * <pre>
 * create-tables                     the sink's tables, as TableCreator defines them (idempotent)
 * seed &lt;seeds-dir&gt;                 load seeds/ (create-if-absent)
 * api-key create &lt;loc_id&gt;[,&lt;loc_id&gt;...] [description]   a key for those locations; prints the raw key once
 * api-key list                      newest first, no hashes
 * api-key revoke &lt;key_id&gt;
 * tap create &lt;loc_id&gt; &lt;nn&gt; &lt;name&gt;
 * device register &lt;device_id&gt; &lt;hardware_id&gt; &lt;loc_id&gt; &lt;nn&gt;
 * keg assign &lt;loc_id&gt; &lt;nn&gt; &lt;beer_id&gt; &lt;keg_type&gt; [keg_id] [--full]   keg_id: adopt the id the scale
 *                                   already uses; --full: a new keg, full from the brewery (else the level is an
 *                                   estimate until the keg is tared)
 * rejections &lt;device_id&gt; [limit]  newest rejected messages of a scale (default 20)
 * rejections replay &lt;device_id&gt; [batch_id]   let the scale's held batches in now, or say why not
 * serve-api [port]                  the HTTP API on 127.0.0.1 (default 8080) until Ctrl-C
 * --help                            this list and the environment it reads
 * </pre>
 * {@code --region <region>} before the command sets the AWS region ({@link CliRegion}).
 * device register and keg assign replay the scale's held batches at once (docs/cloud.md, "Held batches").
 * Environment: {@code SCALESENSE_TABLE_PREFIX}, {@code API_KEY_PEPPER} (api-key commands),
 * {@code SCALESENSE_IOT_DATA_ENDPOINT} (keg assign sends assign_keg at once; without it the
 * scheduled assignment check sends it),
 * {@code AWS_ENDPOINT_URL_DYNAMODB} (another endpoint, e.g. DynamoDB Local's
 * {@code http://127.0.0.1:8000}), {@code AWS_REGION} (or {@code --region}) and the usual AWS credentials. Exit status 0
 * on success, 2 on a usage or input error (no region included), 1 when DynamoDB cannot be reached or refuses (the
 * message says why).
 */
public final class AdminCli {

    static final String USAGE = "usage: [--region <region>] create-tables | seed <seeds-dir> | api-key create <loc_id>[,<loc_id>...] [description] | api-key list"
            + " | api-key revoke <key_id> | tap create <loc_id> <nn> <name>"
            + " | device register <device_id> <hardware_id> <loc_id> <nn> | keg assign <loc_id> <nn> <beer_id> <keg_type> [keg_id] [--full]"
            + " | rejections <device_id> [limit] | rejections replay <device_id> [batch_id] | serve-api [port]";
    /** What {@code --help} prints after {@link #USAGE}. */
    static final String ENVIRONMENT = String.join(System.lineSeparator(),
            "environment:",
            "  AWS_REGION                 the stack's region, e.g. us-east-1 (or --region before the command; also read:",
            "                             AWS_DEFAULT_REGION, -Daws.region, the AWS profile file)",
            "  AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_PROFILE   credentials, as for the AWS CLI",
            "  AWS_ENDPOINT_URL_DYNAMODB  another DynamoDB endpoint, e.g. http://127.0.0.1:8000 (DynamoDB Local)",
            "  SCALESENSE_TABLE_PREFIX    prefix of the table names (the stack's TablePrefix)",
            "  API_KEY_PEPPER             the stack's pepper (api-key commands)",
            "  SCALESENSE_IOT_DATA_ENDPOINT  keg assign sends assign_keg at once (else the assignment check sends it)",
            "exit status: 0 done, 1 DynamoDB unreachable or refused, 2 usage or input error (the message names the field)",
            "commands and examples: docs/cloud.md");
    private static final Set<String> HELP = Set.of("--help", "-h", "help");
    /** keg assign: the keg is new and full from the brewery (the scale claims its level: full_set). */
    static final String FULL_FLAG = "--full";
    /** serve-api's port when none is given. */
    static final int DEFAULT_API_PORT = 8080;
    /** Rejections listed when no limit is given. */
    static final int DEFAULT_REJECTIONS = 20;

    private final Supplier<DynamoDbClient> client;
    private final Map<String, String> env;
    private final Clock clock;
    private final PrintStream out;
    private final Consumer<LocalApiServer> serving;

    AdminCli(DynamoDbClient client, Map<String, String> env, Clock clock, PrintStream out) {
        this(client, env, clock, out, AdminCli::untilKilled);
    }

    /** @param serving what serve-api does with the running server before it returns (the CLI: waits for Ctrl-C) */
    AdminCli(DynamoDbClient client, Map<String, String> env, Clock clock, PrintStream out, Consumer<LocalApiServer> serving) {
        this(() -> client, env, clock, out, serving);
    }

    private AdminCli(Supplier<DynamoDbClient> client, Map<String, String> env, Clock clock,
                     PrintStream out, Consumer<LocalApiServer> serving) {
        this.client = client;
        this.env = env;
        this.clock = clock;
        this.out = out;
        this.serving = serving;
    }

    /** The AWS SDK's variable for a DynamoDB endpoint other than the region's (its own name, read the same way). */
    public static final String ENDPOINT_ENV = "AWS_ENDPOINT_URL_DYNAMODB";

    public static void main(String[] args) {
        System.exit(run(args, System.getenv(), System.out));
    }

    /**
     * Runs one command and returns the exit status. The client is built when the command first needs
     * it, from {@code env} ({@value #ENDPOINT_ENV}), the region of {@link CliRegion} and the SDK's
     * default credentials; without a region the command stops there, exit 2, nothing written.
     */
    public static int run(String[] args, Map<String, String> env, PrintStream out) {
        if (args.length == 1 && HELP.contains(args[0])) {
            out.println(USAGE);
            out.println(ENVIRONMENT);
            return 0;
        }
        CliRegion.Parsed parsed;
        try {
            parsed = CliRegion.parse(args);
        } catch (InvalidInputException e) {
            out.println("error: " + e.getMessage());
            return 2;
        }
        try (LazyDynamo client = new LazyDynamo(() -> client(env, CliRegion.resolve(parsed.region(), env)))) {
            return new AdminCli(client, env, Clock.systemUTC(), out, AdminCli::untilKilled).run(parsed.args());
        }
    }

    static DynamoDbClient client(Map<String, String> env, Region region) {
        var builder = DynamoDbClient.builder().region(region);
        String endpoint = env.get(ENDPOINT_ENV);
        if (endpoint != null && !endpoint.isBlank()) {
            builder.endpointOverride(URI.create(endpoint.strip()));
        }
        return builder.build();
    }

    /** @return the process exit status */
    int run(String[] args) {
        TableNames names = TableNames.fromEnv(env);
        String command = String.join(" ", Arrays.copyOf(args, Math.min(2, args.length)));
        String[] kegArgs = kegAssign(args);
        try {
            if (args.length == 1 && args[0].equals("create-tables")) {
                new TableCreator(client(), names).createAll();
                out.println("tables ready: " + String.join(", ", Tables.ALL.stream().map(names::of).toList()));
            } else if (args.length == 2 && args[0].equals("seed")) {
                SeedLoader.Report r = new SeedLoader(client(), names, clock).load(SeedReader.read(Path.of(args[1])));
                out.println("seeded: " + r.written() + " items written, " + r.skipped() + " already there");
            } else if (command.equals("api-key create")) {
                ApiKeys keys = keys(names);
                if (args.length < 3) {
                    throw new InvalidInputException("loc_ids", "<none>", "api-key create needs <loc_id>[,<loc_id>...]"
                            + " before the description: a key reaches only the locations it names");
                }
                CreatedApiKey k = keys.create(args.length > 3 ? String.join(" ", Arrays.copyOfRange(args, 3, args.length)) : null,
                        new TreeSet<>(Arrays.asList(args[2].split(","))));
                out.println("key_id  " + k.key().keyId() + "  locations " + String.join(",", k.key().locIds()));
                out.println("api_key " + k.rawKey() + "   (shown once: store it now)");
            } else if (command.equals("api-key list") && args.length == 2) {
                for (ApiKey k : keys(names).list()) {
                    out.println(k.keyId() + "  " + k.createdAt() + "  " + (k.active() ? "active " : "revoked")
                            + "  last_used=" + k.lastUsedAt() + "  locations=" + String.join(",", k.locIds())
                            + "  " + (k.description() == null ? "" : k.description()));
                }
            } else if (command.equals("api-key revoke") && args.length == 3) {
                keys(names).revoke(args[2]);
                out.println("revoked " + args[2]);
            } else if (command.equals("tap create") && args.length == 5) {
                out.println("created " + new Taps(client(), names).create(args[2], args[3], args[4]));
            } else if (command.equals("device register") && args.length == 6) {
                new DeviceRegistry(client(), names, clock).register(args[2], args[3], args[4], args[5]);
                out.println("registered " + args[2] + " on " + args[4] + "#TAP#" + args[5]);
                replay(args[2], null);
            } else if (command.equals("keg assign") && (kegArgs.length == 6 || kegArgs.length == 7)) {
                KegIds ids = new KegIds(clock, new SecureRandom());
                KegAssignment a = (env.containsKey(SinkWiring.IOT_ENDPOINT_ENV)
                        ? new KegAssigner(client(), names, clock, ids, SinkWiring.scaleCommands(env, client().serviceClientConfiguration().region()))
                        : new KegAssigner(client(), names, clock, ids)).assign(kegArgs[2], kegArgs[3], kegArgs[4], kegArgs[5],
                        kegArgs.length == 7 ? kegArgs[6] : null, kegArgs.length < args.length);
                out.println("assigned " + a.kegId() + " (" + a.beerRef() + ", " + a.kegType() + ", full " + a.fullLbs()
                        + " lb, empty " + a.emptyLbs() + " lb, sg " + a.specificGravity() + ") to " + a.tapId());
                out.println(a.full() ? "new and full: the scale takes the keg's weight as its full weight (full_set)"
                        : "level is an estimate (pending) until the keg is tared; --full says it is new and full");
                out.println("pending until the scale's readings carry it; assign_keg " + a.commandId()
                        + (a.commandSent() ? " sent to " + a.deviceId() : a.deviceId() == null
                        ? ": no scale registered on the tap yet" : ": left to the assignment check to send"));
                if (a.deviceId() != null) {
                    replay(a.deviceId(), null);
                }
            } else if (command.equals("rejections replay") && (args.length == 3 || args.length == 4)) {
                Fields.match("device_id", args[2], Fields.DEVICE_ID);
                if (replay(args[2], args.length == 4 ? args[3] : null) == 0) {
                    out.println("no held batch of " + args[2] + (args.length == 4 ? " with batch_id " + args[3] : ""));
                }
            } else if (args.length >= 2 && args.length <= 3 && args[0].equals("rejections")) {
                int limit = args.length == 3 ? limit(args[2]) : DEFAULT_REJECTIONS;
                for (Rejection r : new DynamoRejections(client(), names).recent(args[1], limit)) {
                    out.println(r.receivedAt() + "  " + r.rule() + (r.holdStatus() == null ? "" : "  " + r.holdStatus())
                            + "  sha256=" + r.payloadSha256() + "  " + r.payloadBytes() + " bytes  " + r.reason());
                    out.println("    " + r.excerpt());
                }
            } else if (args.length >= 1 && args.length <= 2 && args[0].equals("serve-api")) {
                int port = args.length == 2 ? port(args[1]) : DEFAULT_API_PORT;
                try (LocalApiServer server = LocalApiServer.start(client(), names, ApiKeyPepper.fromEnvironment(env), clock, port)) {
                    out.println("API on " + server.uri() + "v1/locations/<loc_id>/dashboard (header x-api-key); Ctrl-C stops it");
                    serving.accept(server);
                }
            } else {
                out.println(USAGE);
                return 2;
            }
            return 0;
        } catch (SinkException e) {
            out.println("error: " + e.getMessage());
            return 2;
        } catch (UncheckedIOException e) {
            // a seeds folder that is not there, a serve-api port another program holds: the input to change
            Throwable cause = e.getCause();
            out.println("error: " + e.getMessage() + (cause == null ? "" : " (" + cause.getClass().getSimpleName()
                    + ": " + cause.getMessage() + ")"));
            return 2;
        } catch (SdkException e) {
            // one line naming the cause (unreachable endpoint, missing table, denied); the SDK logs nothing below WARN
            out.println("error: DynamoDB: " + e.getMessage());
            return 1;
        }
    }

    /** keg assign's arguments without {@value #FULL_FLAG}, which may stand anywhere after "keg assign". */
    private static String[] kegAssign(String[] args) {
        return Arrays.stream(args).filter(a -> !a.equals(FULL_FLAG)).toArray(String[]::new);
    }

    /**
     * Replays the device's held batches (or the one of {@code batchId}) and prints each outcome.
     *
     * @return how many held batches were tried
     */
    private int replay(String deviceId, String batchId) {
        var outcomes = SinkWiring.heldReplay(client(), env, clock).replay(deviceId, batchId);
        for (HeldBatchReplay.Outcome o : outcomes) {
            out.println(o.letIn() ? "let in         " + o.batchId() + "  " + o.result()
                    : "still refused  " + o.batchId() + "  [" + o.rule() + "] " + o.reason());
        }
        if (!outcomes.isEmpty()) {
            long in = outcomes.stream().filter(HeldBatchReplay.Outcome::letIn).count();
            out.println("held batches of " + deviceId + ": " + in + " let in, " + (outcomes.size() - in) + " still refused");
        }
        return outcomes.size();
    }

    /** DynamoDB Query returns at most 1 MB a page; 1000 small rejection items fit in one. */
    private static int limit(String text) {
        Fields.match("limit", text, java.util.regex.Pattern.compile("^[0-9]{1,4}$"));
        return Fields.range("limit", Integer.parseInt(text), 1, 1000);
    }

    private static int port(String text) {
        Fields.match("port", text, java.util.regex.Pattern.compile("^[0-9]{1,5}$"));
        return Fields.range("port", Integer.parseInt(text), 0, 65_535);
    }

    /** The command line's serve-api: the server runs until the JVM is stopped (Ctrl-C, SIGTERM). */
    private static void untilKilled(LocalApiServer server) {
        try {
            new java.util.concurrent.CountDownLatch(1).await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private ApiKeys keys(TableNames names) {
        return new ApiKeys(client(), names, ApiKeyPepper.fromEnvironment(env), new SecureRandom(), clock);
    }

    private DynamoDbClient client() {
        return client.get();
    }
}
