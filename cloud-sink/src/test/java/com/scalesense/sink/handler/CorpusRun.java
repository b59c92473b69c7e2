package com.scalesense.sink.handler;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.scalesense.protocol.WireCodec;
import com.scalesense.sink.handler.HostileCorpus.Case;
import com.scalesense.sink.handler.HostileCorpus.Expect;
import com.scalesense.sink.handler.HostileCorpus.Half;
import com.scalesense.sink.rejection.Rejection;
import com.scalesense.sink.rejection.RejectionMetrics;
import com.scalesense.sink.rejection.Rejections;
import com.scalesense.sink.store.dynamo.DynamoRejections;
import com.scalesense.sink.testing.LocalDynamo;
import com.scalesense.sink.testing.SinkHarness;
import com.scalesense.sink.testing.TableDump;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Feeds a {@link HostileCorpus} to {@link IotRuleHandler} and {@link SqsBatchHandler}, each in its
 * own world of tables on DynamoDB Local, comparing every table before and after each delivery
 * (the quarantine's REJECTED# items aside) and tallying what the sink did against what it must.
 */
final class CorpusRun {

    /** A world is rebuilt every this many cases, so the before/after scans stay small. */
    static final int CASES_PER_WORLD = 40;
    private static final Pattern UNSAFE = Pattern.compile("[\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}]");

    /** The figures the run prints; sink-half columns count only cases whose rule is the sink's. */
    static final class Tally {
        int tried;
        int rejected;
        int validAccepted;
        int partialWrites;
        int crashes;
        int duplicates;
        int unescaped;
        final Map<Half, Integer> wronglyAccepted = new TreeMap<>();
        final Map<Half, Integer> validRejected = new TreeMap<>();
        final Map<String, Integer> failuresByKind = new TreeMap<>();

        int wronglyAccepted(Half h) {
            return wronglyAccepted.getOrDefault(h, 0);
        }

        int validRejected(Half h) {
            return validRejected.getOrDefault(h, 0);
        }

        String line(long seed, int cases) {
            return "corpus seed " + seed + ", " + cases + " cases x 2 handlers: tried " + tried + ", rejected "
                    + rejected + ", wrongly accepted " + wronglyAccepted(Half.SINK) + ", partial writes "
                    + partialWrites + ", crashes " + crashes + ", valid accepted " + validAccepted
                    + ", valid rejected " + validRejected(Half.SINK) + ", duplicates " + duplicates
                    + ", unescaped reasons " + unescaped + " | protocol-half classes: wrongly accepted "
                    + wronglyAccepted(Half.PROTOCOL) + ", valid rejected " + validRejected(Half.PROTOCOL);
        }

        private void fail(String what, Case c) {
            failuresByKind.merge(what + " " + c.kind(), 1, Integer::sum);
        }
    }

    /** Rejections kept in the real quarantine and counted, so the SQS path's outcome is seen. */
    private static final class Counting implements Rejections {
        private final Rejections real;
        int kept;
        String lastReason;

        Counting(Rejections real) {
            this.real = real;
        }

        @Override
        public void keep(Rejection r) {
            real.keep(r);
            kept++;
            lastReason = r.reason() + " " + r.deviceId() + " " + r.excerpt();
        }

        @Override
        public List<Rejection> recent(String deviceId, int limit) {
            return real.recent(deviceId, limit);
        }
    }

    private interface Handler {
        /** @return true when the sink rejected the message */
        boolean deliver(byte[] bytes) throws Exception;
    }

    private record World(SinkHarness sink, Counting quarantine, Handler handler) {
    }

    private final LocalDynamo dynamo;
    private final Tally tally = new Tally();
    private final ObjectMapper json = new ObjectMapper();

    CorpusRun(LocalDynamo dynamo) {
        this.dynamo = dynamo;
    }

    Tally run(long seed, int cases) {
        var corpus = new HostileCorpus(seed);
        World iot = null;
        World sqs = null;
        for (int i = 0; i < cases; i++) {
            if (i % CASES_PER_WORLD == 0) {
                corpus.newWorld();
                iot = world(true);
                sqs = world(false);
            }
            Case c = corpus.next();
            deliver(iot, c);
            deliver(sqs, c);
        }
        return tally;
    }

    private World world(boolean iotRule) {
        var sink = new SinkHarness(dynamo, Instant.ofEpochMilli(com.scalesense.sink.testing.Batches.T0 + 600_000));
        HostileCorpus.setUpWorld(sink);
        var quarantine = new Counting(new DynamoRejections(dynamo.client(), sink.names));
        var router = new MessageRouter(WireCodec.forRuleEvents(), sink.service(), sink.clock, quarantine,
                new RejectionMetrics(new PrintStream(OutputStream.nullOutputStream())));
        Handler handler;
        if (iotRule) {
            var h = new IotRuleHandler(router);
            handler = bytes -> {
                var out = new ByteArrayOutputStream();
                h.handleRequest(new ByteArrayInputStream(bytes), out, null);
                var response = json.readTree(out.toByteArray());
                String reason = response.has("reason") ? response.get("reason").asText() : "";
                if (UNSAFE.matcher(reason).find()) {
                    tally.unescaped++;
                }
                return "rejected".equals(response.get("outcome").asText());
            };
        } else {
            var h = new SqsBatchHandler(router);
            handler = bytes -> {
                int before = quarantine.kept;
                // SQS carries text: bytes that are not UTF-8 arrive as the rule's decoding of them.
                var e = Messages.sqsEvent(new String(bytes, StandardCharsets.UTF_8));
                if (!h.handleRequest(e, null).getBatchItemFailures().isEmpty()) {
                    throw new IllegalStateException("returned for retry");
                }
                return quarantine.kept > before;
            };
        }
        return new World(sink, quarantine, handler);
    }

    private Map<String, Map<String, AttributeValue>> tables(World w) {
        var all = w.sink().dump();
        all.keySet().removeIf(k -> k.startsWith("scale-sense | REJECTED#"));
        return all;
    }

    private void deliver(World w, Case c) {
        tally.tried++;
        var before = tables(w);
        boolean rejected;
        try {
            rejected = w.handler().deliver(c.bytes());
        } catch (Exception | AssertionError e) {
            tally.crashes++;
            tally.fail("crash(" + e.getClass().getSimpleName() + ")", c);
            return;
        }
        if (rejected && w.quarantine().lastReason != null && UNSAFE.matcher(w.quarantine().lastReason).find()) {
            tally.unescaped++;
            tally.fail("unescaped", c);
        }
        List<String> changes = TableDump.differences(before, tables(w));
        if (rejected) {
            tally.rejected++;
        }
        switch (c.expect()) {
            case REJECT -> {
                if (!rejected) {
                    tally.wronglyAccepted.merge(c.half(), 1, Integer::sum);
                    tally.fail("wrongly accepted", c);
                } else if (!changes.isEmpty()) {
                    tally.partialWrites++;
                    tally.fail("partial write", c);
                }
            }
            case STORE -> {
                if (rejected) {
                    tally.validRejected.merge(c.half(), 1, Integer::sum);
                    tally.fail("valid rejected", c);
                    if (!changes.isEmpty()) {
                        tally.partialWrites++;
                    }
                } else if (storedOnce(c, changes)) {
                    tally.validAccepted++;
                } else {
                    tally.duplicates++;
                    tally.fail("not stored exactly once", c);
                }
            }
            case NO_CHANGE_REDELIVERY -> {
                if (rejected) {
                    tally.validRejected.merge(c.half(), 1, Integer::sum);
                    tally.fail("redelivery rejected", c);
                } else if (!changes.isEmpty()) {
                    tally.duplicates++;
                    tally.fail("redelivery changed tables", c);
                } else {
                    tally.validAccepted++;
                }
            }
            default -> throw new IllegalStateException(c.expect().name());
        }
    }

    /** A new batch: one marker and one device_readings item per reading appeared; a registration: its row moved. */
    private static boolean storedOnce(Case c, List<String> changes) {
        if (c.batchId() == null) {
            return !changes.isEmpty();
        }
        long readings = changes.stream().filter(d -> d.startsWith("unexpected device_readings | ")
                && d.endsWith("#" + c.batchId())).count();
        boolean marker = changes.contains("unexpected processed_batches | " + c.batchId());
        return marker && readings == c.readings();
    }

    static String failures(Tally t) {
        return t.failuresByKind.entrySet().stream().map(e -> e.getKey() + " x" + e.getValue())
                .collect(Collectors.joining("; "));
    }
}
