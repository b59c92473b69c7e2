package com.scalesense.sink.handler;

import com.scalesense.protocol.ProtocolException;
import com.scalesense.protocol.ReadingsBatch;
import com.scalesense.protocol.SafeText;
import com.scalesense.protocol.WireCodec;
import com.scalesense.sink.BatchIdReusedException;
import com.scalesense.sink.RejectedMessageException;
import com.scalesense.sink.ingest.IngestResult;
import com.scalesense.sink.ingest.IngestionService;
import com.scalesense.sink.rejection.HeldBatch;
import com.scalesense.sink.rejection.HeldBatches;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Replays held batches (docs/cloud.md, "Held batches") through the ingestion path a delivery takes:
 * the same decoding, validation and authorisation against the registration as it is now, the batch
 * marker (so a batch counts once however often it is replayed or redelivered) and the newer-only
 * state writes (an old batch adds its readings, never rolls TAP#STATE back). A batch let in is
 * marked replayed and its payload dropped; a batch still refused stays held, with its new reason
 * when the reason changed (an unchanged refusal writes nothing, so the sweep stays cheap).
 */
public final class HeldBatchReplay {

    /** Held batches replayed per device per call: bounds one call's time and reads. */
    static final int MAX_PER_DEVICE = 50;
    /** Devices one sweep visits; the rest wait for the next run (every 5 minutes). */
    static final int MAX_DEVICES = 100;
    private static final Logger LOG = LoggerFactory.getLogger(HeldBatchReplay.class);

    /**
     * What became of one held batch.
     *
     * @param result {@link HeldBatches#ACCEPTED}, {@link HeldBatches#DUPLICATE} or {@value #REFUSED}
     * @param rule   the rule still refusing it, null when let in
     * @param reason the refusal in words, null when let in
     */
    public record Outcome(String batchId, String result, String rule, String reason) {
        public static final String REFUSED = "refused";

        public boolean letIn() {
            return !REFUSED.equals(result);
        }
    }

    /** What one sweep did: devices visited, batches let in, batches still refused. */
    public record SweepReport(int devices, int letIn, int stillRefused) {
    }

    private final HeldBatches held;
    private final IngestionService service;
    private final WireCodec codec = WireCodec.forRuleEvents();
    private final Clock clock;

    public HeldBatchReplay(HeldBatches held, IngestionService service, Clock clock) {
        this.held = held;
        this.service = service;
        this.clock = clock;
    }

    /**
     * Replays the device's held batches, oldest first, or only those of {@code batchId}.
     *
     * @throws com.scalesense.sink.store.StoreUnavailableException when DynamoDB failed: nothing is
     *                                                             lost, run it again
     */
    public List<Outcome> replay(String deviceId, String batchId) {
        List<Outcome> out = new ArrayList<>();
        for (HeldBatch h : held.held(deviceId, MAX_PER_DEVICE)) {
            ReadingsBatch batch;
            try {
                batch = codec.decodeBatch(h.payload());
            } catch (ProtocolException e) {
                out.add(refused(h, "?", e));
                continue;
            }
            if (batchId == null || batchId.equals(batch.batchId())) {
                out.add(replay(h, batch));
            }
        }
        return out;
    }

    private Outcome replay(HeldBatch h, ReadingsBatch batch) {
        try {
            IngestResult r = service.ingest(batch, h.deviceId());
            String result = r == IngestResult.ACCEPTED ? HeldBatches.ACCEPTED : HeldBatches.DUPLICATE;
            held.replayed(h, result, clock.instant());
            LOG.info("Held batch {} of {} replayed: {}", batch.batchId(), h.deviceId(), result);
            return new Outcome(batch.batchId(), result, null, null);
        } catch (RejectedMessageException | BatchIdReusedException e) {
            return refused(h, batch.batchId(), e);
        }
    }

    private Outcome refused(HeldBatch h, String batchId, RuntimeException e) {
        String rule = MessageRouter.ruleOf(e);
        String reason = SafeText.bounded(e.getMessage(), MessageRouter.MAX_REASON_CHARS);
        if (!rule.equals(h.rule()) || !reason.equals(h.reason())) {
            held.stillRefused(h, rule, reason, clock.instant());
        }
        return new Outcome(batchId, Outcome.REFUSED, rule, reason);
    }

    /**
     * Replays the held batches of every device on the work list (at most {@value #MAX_DEVICES}),
     * and drops a device from the list once nothing of it is held any more.
     */
    public SweepReport sweep() {
        int devices = 0;
        int letIn = 0;
        int refused = 0;
        for (Map.Entry<String, Long> device : held.devicesHolding(MAX_DEVICES).entrySet()) {
            List<Outcome> outcomes = replay(device.getKey(), null);
            long in = outcomes.stream().filter(Outcome::letIn).count();
            devices++;
            letIn += (int) in;
            refused += outcomes.size() - (int) in;
            if (in == outcomes.size() && outcomes.size() < MAX_PER_DEVICE) {
                held.forgetDevice(device.getKey(), device.getValue());
            }
        }
        return new SweepReport(devices, letIn, refused);
    }
}
