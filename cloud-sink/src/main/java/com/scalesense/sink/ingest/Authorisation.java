package com.scalesense.sink.ingest;

import com.scalesense.protocol.BootRegistration;
import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.ReadingsBatch;
import com.scalesense.protocol.Violation;
import com.scalesense.sink.FixableRejectionException;
import com.scalesense.sink.RejectedMessageException;
import com.scalesense.sink.store.DeviceRegistration;
import com.scalesense.sink.store.IngestContext;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What a scale may write, decided from the administrator's registration ({@code DEVICE#<id>/META})
 * before anything is written (docs/data-model.md, "Who may write what"). The topic proves the
 * device_id (AWS IoT binds it to the certificate); everything else a message names must be that
 * device's: its hardware_id, its location, its tap, and kegs of its location. An unregistered
 * device writes nothing. Each refusal carries a fixed rule code (metric dimension, quarantine).
 */
final class Authorisation {

    static final String UNREGISTERED = "registry.unregistered";
    static final String HARDWARE = "registry.hardware_id";
    static final String LOCATION = "registry.loc_id";
    static final String TAP = "registry.tap_id";
    static final String KEG = "registry.keg_id";
    /** Keys of one context read: DynamoDB's BatchGetItem takes 100; the rest of the read needs ~12. */
    static final int MAX_KEGS_PER_BATCH = 32;

    private Authorisation() {
    }

    /** Every keg_id a batch names: its own, its tares' and its keg swaps'. */
    static Set<String> kegIds(ReadingsBatch b) {
        Set<String> out = new LinkedHashSet<>();
        if (b.kegId() != null) {
            out.add(b.kegId());
        }
        for (DeviceEvent e : b.events()) {
            if (e instanceof DeviceEvent.Tare t && t.kegId() != null) {
                out.add(t.kegId());
            } else if (e instanceof DeviceEvent.KegSwap s) {
                if (s.previousKegId() != null) {
                    out.add(s.previousKegId());
                }
                if (s.newKegId() != null) {
                    out.add(s.newKegId());
                }
            }
        }
        return out;
    }

    /** Rejects a batch naming kegs beyond what one context read can authorise. */
    static void requireReadableKegs(ReadingsBatch b) {
        int n = kegIds(b).size();
        if (n > MAX_KEGS_PER_BATCH) {
            throw new RejectedMessageException("batch " + b.batchId(), KEG, List.of(new Violation("keg_id",
                    n + " distinct keg_ids", "a batch may name at most " + MAX_KEGS_PER_BATCH + " kegs")));
        }
    }

    /** @throws RejectedMessageException naming the first rule broken; nothing has been written */
    static void requireAllowed(ReadingsBatch b, IngestContext ctx) {
        String what = "batch " + b.batchId();
        DeviceRegistration reg = requireRegistered(what, b.deviceId(), ctx.registration());
        requireSame(what, HARDWARE, "hardware_id", b.hardwareId(), reg.hardwareId(), reg);
        requireSame(what, LOCATION, "loc_id", b.locId(), reg.locId(), reg);
        if (!Objects.equals(b.tapId(), reg.tapId())) {
            // Same location (checked above): a scale moved between taps, which device register fixes.
            throw new FixableRejectionException(what, TAP, List.of(violation("tap_id", b.tapId(), reg.tapId(), reg)));
        }
        List<Violation> kegs = new ArrayList<>();
        boolean foreign = false;
        for (String keg : kegIds(b)) {
            String loc = ctx.kegLocations().get(keg);
            if (!reg.locId().equals(loc)) {
                foreign |= loc != null;
                kegs.add(new Violation("keg_id", keg, loc == null
                        ? "is no keg of " + reg.locId() + " (no KEG#/META: assign it with AdminCli keg assign)"
                        : "is a keg of another location, not of " + reg.locId() + ": a scale writes only its own bar's kegs"));
            }
        }
        if (foreign) {
            throw new RejectedMessageException(what, KEG, kegs);
        }
        if (!kegs.isEmpty()) {
            // Only kegs without KEG#/META: keg assign with that keg_id fixes it.
            throw new FixableRejectionException(what, KEG, kegs);
        }
    }

    /** @throws RejectedMessageException if the registration names another hardware_id, location or tap */
    static void requireAllowed(BootRegistration r, DeviceRegistration registered) {
        String what = "registration";
        DeviceRegistration reg = requireRegistered(what, r.deviceId(), registered);
        requireSame(what, HARDWARE, "hardware_id", r.hardwareId(), reg.hardwareId(), reg);
        if (r.locId() != null) {
            requireSame(what, LOCATION, "loc_id", r.locId(), reg.locId(), reg);
        }
        if (r.tapId() != null) {
            requireSame(what, TAP, "tap_id", r.tapId(), reg.tapId(), reg);
        }
    }

    private static DeviceRegistration requireRegistered(String what, String deviceId, DeviceRegistration reg) {
        if (reg == null || reg.hardwareId() == null || reg.locId() == null || reg.tapId() == null) {
            throw new FixableRejectionException(what, UNREGISTERED, List.of(new Violation("device_id", deviceId,
                    "is not registered to a tap (no DEVICE#/META with hardware_id, loc_id, tap_id): an unregistered"
                            + " device writes nothing; register it with AdminCli device register")));
        }
        return reg;
    }

    private static void requireSame(String what, String rule, String field, String sent, String registered,
                                     DeviceRegistration reg) {
        if (!Objects.equals(sent, registered)) {
            throw new RejectedMessageException(what, rule, List.of(violation(field, sent, registered, reg)));
        }
    }

    private static Violation violation(String field, String sent, String registered, DeviceRegistration reg) {
        return new Violation(field, sent, "must be " + registered + ", as registered for device_id " + reg.deviceId()
                + ": a scale writes only for its own " + field);
    }

}
