package com.scalesense.agent.pipeline;

import com.scalesense.agent.replay.EmittedLog;
import com.scalesense.protocol.BatchId;
import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.KegState;
import com.scalesense.protocol.MessageValidator;
import com.scalesense.protocol.Reading;
import com.scalesense.protocol.ReadingsBatch;
import com.scalesense.protocol.SensorStatus;
import com.scalesense.protocol.TareStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What the protocol's own {@link MessageValidator} says of everything a pipeline emitted: each
 * reading alone in a batch of a well-formed scale, each event beside an empty-platform reading of
 * its own time (an event alone is no batch). A refusal here is a record the agent's outbox would
 * refuse too, and the cloud would never see.
 */
final class WireCheck {

    private static final String HARDWARE_ID = "02:00:00:00:00:01";
    private static final String BOOT_ID = "11111111-1111-4111-8111-111111111111";
    private static final MessageValidator VALIDATOR = new MessageValidator();

    private WireCheck() {
    }

    /** One line per violation, naming the record, the field, the value and the rule; empty when all pass. */
    static List<String> refusals(EmittedLog emitted) {
        List<String> refusals = new ArrayList<>();
        for (Reading r : emitted.readings()) {
            refusals.addAll(check("reading " + r, r.timestampMs(), r, List.of()));
        }
        for (DeviceEvent e : emitted.events()) {
            refusals.addAll(check("event " + e, e.timestampMs(), emptyPlatform(e.timestampMs()), List.of(e)));
        }
        return refusals;
    }

    private static List<String> check(String what, long atMs, Reading reading, List<DeviceEvent> events) {
        ReadingsBatch batch = new ReadingsBatch(ReadingsBatch.SCHEMA_VERSION, HARDWARE_ID, "SIM-0001", BOOT_ID,
                "0.1.0", new BatchId(HARDWARE_ID, BOOT_ID, atMs, atMs).toString(), "loc-001", "loc-001#TAP#01",
                null, List.of(reading), events);
        return VALIDATOR.check(batch).stream().map(v -> what + ": " + v).toList();
    }

    /** A reading the validator accepts: nothing on the platform, sensor ok. */
    private static Reading emptyPlatform(long atMs) {
        return new Reading(atMs, null, null, 0.0, null, 0.0, null, null, null, null,
                Map.of("hx711", SensorStatus.OK), true, KegState.KEG_ABSENT, TareStatus.PENDING);
    }
}
