package com.scalesense.protocol.internal;

import com.fasterxml.jackson.core.JsonToken;
import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.SensorStatus;
import com.scalesense.protocol.TareStatus;
import java.io.IOException;

/**
 * Binds a {@link DeviceEvent} by its {@code "type"}: {@code pour}, {@code keg_swap}, {@code tare}
 * or {@code sensor_error}, each with its own fields, as the databind codec before issue 18 bound
 * them (the golden corpus holds the two to the same outcome).
 */
final class EventReader {

    private static final String EVENT = "com.scalesense.protocol.DeviceEvent";

    private EventReader() {
    }

    /**
     * A device event by its {@code "type"}: the member of that name with a scalar value, wherever it
     * stands among the fields (the fields before it are kept and read after it), or the array form
     * {@code ["pour", {...}]}. {@code property} is the field holding the list, or null at the root.
     */
    static DeviceEvent event(JsonIn in, String property) throws IOException {
        String forProperty = property == null ? "" : " (for POJO property '" + property + "')";
        JsonToken t = in.token();
        if (t == JsonToken.VALUE_NULL) {
            return null;
        }
        if (t == JsonToken.START_ARRAY) {
            return wrappedEvent(in, forProperty);
        }
        if (t == JsonToken.START_OBJECT) {
            TokenReplay before = null;
            for (t = in.next(); t == JsonToken.FIELD_NAME; t = in.next()) {
                String name = in.fieldName();
                JsonToken value = in.next();
                if ("type".equals(name) && value != JsonToken.VALUE_NULL && value.isScalarValue()) {
                    String typeId = in.text();
                    checkTypeId(in, typeId, forProperty);
                    if (before != null) {
                        in.replay(before);
                    }
                    return eventFields(in, typeId, false);
                }
                if (before == null) {
                    before = new TokenReplay();
                }
                before.copyField(in.parser(), name);
            }
        }
        throw in.fail("Could not resolve subtype of [simple type, class " + EVENT + "]: missing type id property 'type'"
                + forProperty);
    }

    private static DeviceEvent wrappedEvent(JsonIn in, String forProperty) throws IOException {
        JsonToken t = in.next();
        if (t == null || !t.isScalarValue()) {
            throw in.fail("Unexpected token (" + t + "), expected VALUE_STRING: need String, Number of Boolean value"
                    + " that contains type id (for subtype of " + EVENT + ")");
        }
        String typeId = in.text();
        checkTypeId(in, typeId, forProperty);
        if (in.next() == JsonToken.END_ARRAY) {
            return null;
        }
        DeviceEvent event = eventFields(in, typeId, true);
        if (in.next() != JsonToken.END_ARRAY) {
            throw in.fail("Unexpected token (" + in.token() + "), expected END_ARRAY: expected closing END_ARRAY after"
                    + " type information and deserialized value");
        }
        return event;
    }

    private static void checkTypeId(JsonIn in, String typeId, String forProperty) {
        switch (typeId) {
            case "pour", "keg_swap", "tare", "sensor_error" -> { }
            default -> throw in.fail("Could not resolve type id '" + typeId
                    + "' as a subtype of DeviceEvent: known type ids = [keg_swap, pour, sensor_error, tare]" + forProperty);
        }
    }

    /**
     * The fields of an event of {@code typeId} (a known one: {@link #checkTypeId} passed): from the
     * object at the current token when {@code fresh}, else from the token after the type id on.
     */
    private static DeviceEvent eventFields(JsonIn in, String typeId, boolean fresh) throws IOException {
        Event e = new Event(typeId);
        if (fresh && !WireReader.objectStart(in, e.simpleName())) {
            return null;
        }
        while (WireReader.nextField(in)) {
            e.field(in, WireReader.enterField(in));
            in.leave();
        }
        return e.build(in);
    }

    /** The fields of one event as they are read, built into its record at the end. */
    private static final class Event {
        private final String type;
        private final WireReader.Stamp stamp = new WireReader.Stamp();
        private long startMs;
        private boolean hasStart;
        private long endMs;
        private boolean hasEnd;
        private double volumeOz;
        private boolean hasOz;
        private double volumeMl;
        private boolean hasMl;
        private String previousKegId;
        private String newKegId;
        private double weightLbs;
        private boolean hasWeight;
        private String kind;
        private String kegId;
        private String kegType;
        private Double emptyOffsetLbs;
        private Double fullRefLbs;
        private TareStatus tareStatus;
        private String sensor;
        private SensorStatus status;
        private String detail;

        Event(String type) {
            this.type = type;
        }

        String simpleName() {
            return "DeviceEvent$" + switch (type) {
                case "pour" -> "Pour";
                case "keg_swap" -> "KegSwap";
                case "tare" -> "Tare";
                default -> "SensorError";
            };
        }

        void field(JsonIn in, String name) throws IOException {
            if (!stamp.field(in, name) && !typeField(in, name)) {
                in.skipValue();
            }
        }

        private boolean typeField(JsonIn in, String name) throws IOException {
            switch (type + "." + name) {
                case "pour.start_ms" -> {
                    startMs = in.readLong();
                    hasStart = true;
                }
                case "pour.end_ms" -> {
                    endMs = in.readLong();
                    hasEnd = true;
                }
                case "pour.volume_oz" -> {
                    volumeOz = in.readDouble();
                    hasOz = true;
                }
                case "pour.volume_ml" -> {
                    volumeMl = in.readDouble();
                    hasMl = true;
                }
                case "keg_swap.previous_keg_id" -> previousKegId = in.readString();
                case "keg_swap.new_keg_id" -> newKegId = in.readString();
                case "keg_swap.weight_lbs" -> {
                    weightLbs = in.readDouble();
                    hasWeight = true;
                }
                case "tare.kind" -> kind = in.readString();
                case "tare.keg_id" -> kegId = in.readString();
                case "tare.keg_type" -> kegType = in.readString();
                case "tare.empty_offset_lbs" -> emptyOffsetLbs = in.readBoxedDouble();
                case "tare.full_ref_lbs" -> fullRefLbs = in.readBoxedDouble();
                case "tare.tare_status" -> tareStatus = in.readEnum(TareStatus.class, WireReader.TARE_STATUSES);
                case "sensor_error.sensor" -> sensor = in.readString();
                case "sensor_error.status" -> status = in.readEnum(SensorStatus.class, WireReader.SENSOR_STATUSES);
                case "sensor_error.detail" -> detail = in.readString();
                default -> {
                    return false;
                }
            }
            return true;
        }

        DeviceEvent build(JsonIn in) {
            stamp.require(in);
            long timestampMs = stamp.timestampMs;
            boolean clockSynced = stamp.clockSynced;
            return switch (type) {
                case "pour" -> {
                    require(in, hasStart, "start_ms");
                    require(in, hasEnd, "end_ms");
                    require(in, hasOz, "volume_oz");
                    require(in, hasMl, "volume_ml");
                    yield new DeviceEvent.Pour(timestampMs, clockSynced, startMs, endMs, volumeOz, volumeMl);
                }
                case "keg_swap" -> {
                    require(in, hasWeight, "weight_lbs");
                    yield new DeviceEvent.KegSwap(timestampMs, clockSynced, previousKegId, newKegId, weightLbs);
                }
                case "tare" -> new DeviceEvent.Tare(timestampMs, clockSynced, kind, kegId, kegType, emptyOffsetLbs,
                        fullRefLbs, tareStatus);
                default -> new DeviceEvent.SensorError(timestampMs, clockSynced, sensor, status, detail);
            };
        }

        private static void require(JsonIn in, boolean present, String field) {
            if (!present) {
                throw in.missing(field);
            }
        }
    }
}
