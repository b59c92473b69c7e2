package com.scalesense.agent.sim;

import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.Reading;
import com.scalesense.protocol.WireCodec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One line of the {@code simulate.accepted_log} test hook: a reading or event the agent's outbox
 * durably accepted, with the boot and keg it was stored under and its exact wire JSON.
 *
 * @param event  true for an event (pour, keg swap, tare, sensor error), false for a reading
 * @param bootId the boot that accepted it
 * @param kegId  the keg of its batch context, null when no keg was assigned
 * @param json   the record as {@link WireCodec} encodes it
 */
public record AcceptedRecord(boolean event, String bootId, String kegId, String json) {

    private static final WireCodec CODEC = new WireCodec();

    /**
     * Every complete line of an accepted log, in file order; a last line without its {@code \n}
     * (cut by SIGKILL mid-write) is not a record. An absent file is an empty log.
     *
     * @throws IllegalArgumentException naming the line if a complete line is not a record
     */
    public static List<AcceptedRecord> readAll(Path file) {
        if (!Files.exists(file)) {
            return List.of();
        }
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<AcceptedRecord> records = new ArrayList<>();
        int lineNo = 0;
        for (int start = 0, nl; (nl = text.indexOf('\n', start)) >= 0; start = nl + 1) {
            lineNo++;
            String[] f = text.substring(start, nl).split(" ", 4);
            if (f.length != 4 || !(f[0].equals("reading") || f[0].equals("event"))) {
                throw new IllegalArgumentException(file + " line " + lineNo + " is not '<reading|event> <boot_id> "
                        + "<keg_id|-> <json>': " + text.substring(start, Math.min(nl, start + 80)));
            }
            records.add(new AcceptedRecord(f[0].equals("event"), f[1], f[2].equals("-") ? null : f[2], f[3]));
        }
        return records;
    }

    /** The reading; throws if this is an event. */
    public Reading reading() {
        if (event) {
            throw new IllegalStateException("an event, not a reading: " + json);
        }
        return CODEC.decode(json.getBytes(StandardCharsets.UTF_8), Reading.class);
    }

    /** The event; throws if this is a reading. */
    public DeviceEvent deviceEvent() {
        if (!event) {
            throw new IllegalStateException("a reading, not an event: " + json);
        }
        return CODEC.decode(json.getBytes(StandardCharsets.UTF_8), DeviceEvent.class);
    }
}
