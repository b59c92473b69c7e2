package com.scalesense.demo.cloud;

import com.scalesense.protocol.MessageValidator;
import com.scalesense.protocol.WireCodec;
import com.scalesense.sink.handler.IotRuleHandler;
import com.scalesense.sink.handler.MessageRouter;
import com.scalesense.sink.ingest.IngestionService;
import com.scalesense.sink.store.dynamo.DynamoRejections;
import com.scalesense.sink.store.dynamo.DynamoSinkStore;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Random;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * The cloud half on this machine: the MQTT broker (reporting scales' connects and disconnects as
 * AWS IoT lifecycle events, {@link LocalPresence}), DynamoDB Local with the sink's tables, and the
 * sink's {@link IotRuleHandler} behind the {@link LocalIotRule}, over a store that can be told to
 * crash mid-batch, and {@link LocalScaleCommands} for commands to the scales. Started in that order, closed in reverse.
 */
public final class LocalCloud implements AutoCloseable {

    private final LocalBroker broker;
    private final LocalTables tables;
    private final FaultySinkStore store;
    private final LocalIotRule rule;
    private final LocalScaleCommands commands;
    private final LocalPresence presence;

    private LocalCloud(LocalBroker broker, LocalTables tables, FaultySinkStore store, LocalIotRule rule,
                       LocalPresence presence, LocalScaleCommands commands) {
        this.broker = broker;
        this.tables = tables;
        this.store = store;
        this.rule = rule;
        this.commands = commands;
        this.presence = presence;
    }

    /**
     * @param clock the bar's simulated clock (receipt times of batches and registrations)
     */
    public static LocalCloud start(Path workDir, Clock clock, long seed) {
        LocalPresence presence = new LocalPresence(clock);
        return start(LocalBroker.start(workDir.resolve("broker"), 0, presence), presence, clock, seed, LocalTables::start);
    }

    /**
     * As {@link #start}, with DynamoDB Local served on 127.0.0.1:{@code dynamoPort} and the broker on
     * 127.0.0.1:{@code brokerPort} (0: a free port), so the tables can be looked at and scales can
     * publish from outside this process (docs/cloud.md).
     */
    public static LocalCloud serving(Path workDir, Clock clock, long seed, int dynamoPort, int brokerPort) {
        LocalPresence presence = new LocalPresence(clock);
        return start(LocalBroker.start(workDir.resolve("broker"), brokerPort, presence), presence, clock, seed,
                () -> LocalTables.serve(dynamoPort));
    }

    private static LocalCloud start(LocalBroker broker, LocalPresence presence, Clock clock, long seed,
                                    Supplier<LocalTables> tablesStarter) {
        LocalTables tables;
        try {
            tables = tablesStarter.get();
        } catch (RuntimeException e) {
            broker.close();
            throw e;
        }
        FaultySinkStore store = new FaultySinkStore(new DynamoSinkStore(tables.client(), tables.names()));
        Random ids = new Random(seed ^ 0x5EED);
        // A scale that registers or connects is sent its location's low-keg rule, as in AWS (issue 18).
        LocalScaleCommands commands = new LocalScaleCommands(broker.uri());
        IngestionService service = new IngestionService(store, new MessageValidator(), clock,
                () -> new UUID((ids.nextLong() & ~0xF000L) | 0x4000L,
                        (ids.nextLong() & ~0xC000_0000_0000_0000L) | 0x8000_0000_0000_0000L).toString(), commands);
        // refusals kept in the quarantine as in AWS (SinkWiring), so `AdminCli rejections` shows them here too
        IotRuleHandler handler = new IotRuleHandler(new MessageRouter(WireCodec.forRuleEvents(), service, clock,
                new DynamoRejections(tables.client(), tables.names()), null));
        LocalIotRule rule = LocalIotRule.start(broker.uri(), handler);
        presence.sendTo(rule::presence);
        return new LocalCloud(broker, tables, store, rule, presence, commands);
    }

    public LocalBroker broker() {
        return broker;
    }

    public LocalTables tables() {
        return tables;
    }

    public FaultySinkStore store() {
        return store;
    }

    public LocalIotRule rule() {
        return rule;
    }

    /** The stand-in for the IoT data plane: commands to scales, published on this broker. */
    public LocalScaleCommands commands() {
        return commands;
    }

    @Override
    public void close() {
        presence.close();
        rule.close();
        broker.close();
        tables.close();
    }
}
