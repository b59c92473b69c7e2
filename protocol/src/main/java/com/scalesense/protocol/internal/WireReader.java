package com.scalesense.protocol.internal;

import com.fasterxml.jackson.core.JsonToken;
import com.scalesense.protocol.BootRegistration;
import com.scalesense.protocol.Capabilities;
import com.scalesense.protocol.DeviceCommand;
import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.KegState;
import com.scalesense.protocol.Reading;
import com.scalesense.protocol.ReadingsBatch;
import com.scalesense.protocol.SensorStatus;
import com.scalesense.protocol.TareStatus;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Binds the contract's records from JSON tokens, field by field: snake_case names, unknown fields
 * skipped (newer firmware may add some), required fields checked at the end of their object in
 * the order of the record's components, {@link DeviceEvent}s by their {@code "type"}. Each value
 * is read by {@link JsonIn}'s strict readers.
 */
final class WireReader {

    private static final KegState[] KEG_STATES = KegState.values();
    private static final SensorStatus[] SENSOR_STATUSES = SensorStatus.values();
    private static final TareStatus[] TARE_STATUSES = TareStatus.values();
    private static final String EVENT = "com.scalesense.protocol.DeviceEvent";

    private WireReader() {
    }

    /** The record at the current token of {@code in}, or null for JSON null. */
    static Object read(JsonIn in, Class<?> type) throws IOException {
        if (type == ReadingsBatch.class) {
            return batch(in);
        } else if (type == Reading.class) {
            return reading(in);
        } else if (type == DeviceEvent.class) {
            return event(in, null);
        } else if (type == BootRegistration.class) {
            return registration(in);
        } else if (type == DeviceCommand.class) {
            return command(in);
        }
        throw new IllegalArgumentException("not a message type: " + type.getName());
    }

    /**
     * True at the start of an object, whose fields follow; false at JSON null; a refusal for any
     * other value.
     */
    private static boolean objectStart(JsonIn in, String simpleName) throws IOException {
        return switch (in.token()) {
            case START_OBJECT -> true;
            case VALUE_NULL -> false;
            case START_ARRAY -> throw in.wrongShape(simpleName);
            case VALUE_STRING -> throw in.text().isEmpty() ? in.emptyString(simpleName) : in.noCreator(simpleName);
            default -> throw in.noCreator(simpleName);
        };
    }

    /** Moves to the first field of the object at the current token, or past the current field's value. */
    private static boolean nextField(JsonIn in) throws IOException {
        return in.next() == JsonToken.FIELD_NAME;
    }

    /** Moves to the value of the field at the current token and enters it in the path; returns its name. */
    private static String enterField(JsonIn in) throws IOException {
        String name = in.fieldName();
        in.next();
        in.enter(name);
        return name;
    }

    static ReadingsBatch batch(JsonIn in) throws IOException {
        if (!objectStart(in, "ReadingsBatch")) {
            return null;
        }
        var id = new Identity();
        String batchId = null;
        String kegId = null;
        List<Reading> readings = null;
        List<DeviceEvent> events = null;
        while (nextField(in)) {
            String name = enterField(in);
            switch (id.field(in, name) ? "" : name) {
                case "" -> { }
                case "batch_id" -> batchId = in.readString();
                case "keg_id" -> kegId = in.readString();
                case "readings" -> readings = list(in, "`java.util.ArrayList<com.scalesense.protocol.Reading>`",
                        "readings", false, WireReader::reading);
                // an event of the array form with no value (["pour"]) is refused as a null
                case "events" -> events = list(in, "`java.util.ArrayList<com.scalesense.protocol.DeviceEvent>`",
                        "events", false, e -> event(e, "events"));
                default -> in.skipValue();
            }
            in.leave();
        }
        id.requireVersion(in);
        return new ReadingsBatch(id.schemaVersion, id.hardwareId, id.deviceId, id.bootId, id.firmwareVersion, batchId,
                id.locId, id.tapId, kegId, readings, events);
    }

    /** Reads one element or map value at the current token (never JSON null: that is refused before). */
    @FunctionalInterface
    private interface Element<T> {
        T read(JsonIn in) throws IOException;
    }

    /**
     * A list of {@code type} (as the old refusals name it) in field {@code property}, or null.
     * {@code ofText}: a list of strings, whose refusal of a lone string is worded apart.
     */
    private static <T> List<T> list(JsonIn in, String type, String property, boolean ofText, Element<T> element)
            throws IOException {
        JsonToken t = in.token();
        if (t == JsonToken.VALUE_NULL) {
            return null;
        } else if (t == JsonToken.VALUE_STRING && ofText) {
            throw in.text().isEmpty() ? in.fail("Cannot coerce empty String (\"\") to element of ArrayList")
                    : in.noCreator("ArrayList");
        } else if (t != JsonToken.START_ARRAY) {
            throw in.wrongShape(type);
        }
        List<T> values = new ArrayList<>();
        for (int i = 0; in.next() != JsonToken.END_ARRAY; i++) {
            in.enter(i);
            T value = in.token() == JsonToken.VALUE_NULL ? null : element.read(in);
            if (value == null) {
                throw in.nullElement(property);
            }
            values.add(value);
            in.leave();
        }
        return values;
    }

    /** A map of {@code type} with string keys in field {@code property}, or null. */
    private static <T> Map<String, T> map(JsonIn in, String type, String property, Element<T> element)
            throws IOException {
        JsonToken t = in.token();
        if (t == JsonToken.VALUE_NULL) {
            return null;
        } else if (t == JsonToken.VALUE_STRING) {
            throw in.text().isEmpty() ? in.fail("Cannot coerce empty String (\"\") to element of LinkedHashMap")
                    : in.noCreator("LinkedHashMap");
        } else if (t != JsonToken.START_OBJECT) {
            throw in.wrongShape(type);
        }
        Map<String, T> values = new LinkedHashMap<>();
        while (nextField(in)) {
            String key = enterField(in);
            if (in.token() == JsonToken.VALUE_NULL) {
                throw in.nullElement(property);
            }
            values.put(key, element.read(in));
            in.leave();
        }
        return values;
    }

    static Reading reading(JsonIn in) throws IOException {
        if (!objectStart(in, "Reading")) {
            return null;
        }
        var stamp = new Stamp();
        Double levelPct = null;
        Double gallons = null;
        Double weightLbs = null;
        Double pintsLeft = null;
        Double pourRateGph = null;
        Double hoursRemaining = null;
        Double batteryV = null;
        Double batteryPct = null;
        Double temperatureC = null;
        Map<String, SensorStatus> sensorStatus = null;
        KegState kegState = null;
        TareStatus tareStatus = null;
        while (nextField(in)) {
            String name = enterField(in);
            switch (stamp.field(in, name) ? "" : name) {
                case "" -> { }
                case "level_pct" -> levelPct = in.readBoxedDouble();
                case "gallons" -> gallons = in.readBoxedDouble();
                case "weight_lbs" -> weightLbs = in.readBoxedDouble();
                case "pints_left" -> pintsLeft = in.readBoxedDouble();
                case "pour_rate_gph" -> pourRateGph = in.readBoxedDouble();
                case "hours_remaining" -> hoursRemaining = in.readBoxedDouble();
                case "battery_v" -> batteryV = in.readBoxedDouble();
                case "battery_pct" -> batteryPct = in.readBoxedDouble();
                case "temperature_c" -> temperatureC = in.readBoxedDouble();
                case "sensor_status" -> sensorStatus = map(in,
                        "`java.util.LinkedHashMap<java.lang.String,com.scalesense.protocol.SensorStatus>`", "sensor_status",
                        e -> e.readEnum(SensorStatus.class, SENSOR_STATUSES));
                case "keg_state" -> kegState = in.readEnum(KegState.class, KEG_STATES);
                case "tare_status" -> tareStatus = in.readEnum(TareStatus.class, TARE_STATUSES);
                default -> in.skipValue();
            }
            in.leave();
        }
        stamp.require(in);
        return new Reading(stamp.timestampMs, levelPct, gallons, weightLbs, pintsLeft, pourRateGph, hoursRemaining,
                batteryV, batteryPct, temperatureC, sensorStatus, stamp.clockSynced, kegState, tareStatus);
    }

    /** The time of a reading, an event or a registration: both fields required, in this order. */
    private static final class Stamp {
        private long timestampMs;
        private boolean hasTimestamp;
        private boolean clockSynced;
        private boolean hasClock;

        /** Reads field {@code name} if it is timestamp_ms or clock_synced; false if not. */
        boolean field(JsonIn in, String name) throws IOException {
            if (name.equals("timestamp_ms")) {
                timestampMs = in.readLong();
                hasTimestamp = true;
            } else if (name.equals("clock_synced")) {
                clockSynced = in.readBoolean();
                hasClock = true;
            } else {
                return false;
            }
            return true;
        }

        void require(JsonIn in) {
            if (!hasTimestamp) {
                throw in.missing("timestamp_ms");
            }
            if (!hasClock) {
                throw in.missing("clock_synced");
            }
        }
    }

    /** The schema version and identity fields a batch and a registration share, as they are read. */
    private static final class Identity {
        private int schemaVersion;
        private boolean hasVersion;
        private String hardwareId;
        private String deviceId;
        private String bootId;
        private String firmwareVersion;
        private String locId;
        private String tapId;

        /** Reads field {@code name} if it is one of these; false if not. */
        boolean field(JsonIn in, String name) throws IOException {
            switch (name) {
                case "schema_version" -> {
                    schemaVersion = in.readInt();
                    hasVersion = true;
                }
                case "hardware_id" -> hardwareId = in.readString();
                case "device_id" -> deviceId = in.readString();
                case "boot_id" -> bootId = in.readString();
                case "firmware_version" -> firmwareVersion = in.readString();
                case "loc_id" -> locId = in.readString();
                case "tap_id" -> tapId = in.readString();
                default -> {
                    return false;
                }
            }
            return true;
        }

        /** Checked first among the required fields: schema_version is the record's first component. */
        void requireVersion(JsonIn in) {
            if (!hasVersion) {
                throw in.missing("schema_version");
            }
        }
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
                    if (before != null) {
                        in.replay(before);
                    }
                    return eventFields(in, typeId, forProperty, false);
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
        DeviceEvent event = eventFields(in, typeId, forProperty, true);
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
     * The fields of an event of {@code typeId}: from the object at the current token when
     * {@code fresh}, else from the token after the type id on.
     */
    private static DeviceEvent eventFields(JsonIn in, String typeId, String forProperty, boolean fresh)
            throws IOException {
        checkTypeId(in, typeId, forProperty);
        Event e = new Event(typeId);
        if (fresh && !objectStart(in, e.simpleName())) {
            return null;
        }
        while (nextField(in)) {
            e.field(in, enterField(in));
            in.leave();
        }
        return e.build(in);
    }

    /** The fields of one event as they are read, built into its record at the end. */
    private static final class Event {
        private final String type;
        private final Stamp stamp = new Stamp();
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
                case "tare.tare_status" -> tareStatus = in.readEnum(TareStatus.class, TARE_STATUSES);
                case "sensor_error.sensor" -> sensor = in.readString();
                case "sensor_error.status" -> status = in.readEnum(SensorStatus.class, SENSOR_STATUSES);
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

    static BootRegistration registration(JsonIn in) throws IOException {
        if (!objectStart(in, "BootRegistration")) {
            return null;
        }
        var id = new Identity();
        Capabilities capabilities = null;
        var stamp = new Stamp();
        while (nextField(in)) {
            String name = enterField(in);
            switch (id.field(in, name) || stamp.field(in, name) ? "" : name) {
                case "" -> { }
                case "capabilities" -> capabilities = capabilities(in);
                default -> in.skipValue();
            }
            in.leave();
        }
        id.requireVersion(in);
        stamp.require(in);
        return new BootRegistration(id.schemaVersion, id.hardwareId, id.deviceId, id.bootId, id.firmwareVersion,
                id.locId, id.tapId, capabilities, stamp.timestampMs, stamp.clockSynced);
    }

    private static Capabilities capabilities(JsonIn in) throws IOException {
        if (!objectStart(in, "Capabilities")) {
            return null;
        }
        List<String> sensors = null;
        Map<String, Boolean> features = null;
        while (nextField(in)) {
            switch (enterField(in)) {
                case "sensors" -> sensors = list(in, "`java.util.ArrayList<java.lang.String>`", "sensors", true,
                        JsonIn::readString);
                case "features" -> features = map(in, "`java.util.LinkedHashMap<java.lang.String,java.lang.Boolean>`",
                        "features", JsonIn::readBoxedBoolean);
                default -> in.skipValue();
            }
            in.leave();
        }
        return new Capabilities(sensors, features);
    }

    static DeviceCommand command(JsonIn in) throws IOException {
        if (!objectStart(in, "DeviceCommand")) {
            return null;
        }
        String commandId = null;
        String type = null;
        Map<String, String> args = null;
        long issuedAtMs = 0;
        boolean hasIssued = false;
        while (nextField(in)) {
            switch (enterField(in)) {
                case "command_id" -> commandId = in.readString();
                case "type" -> type = in.readString();
                case "args" -> args = map(in, "`java.util.LinkedHashMap<java.lang.String,java.lang.String>`", "args",
                        JsonIn::readString);
                case "issued_at_ms" -> {
                    issuedAtMs = in.readLong();
                    hasIssued = true;
                }
                default -> in.skipValue();
            }
            in.leave();
        }
        if (!hasIssued) {
            throw in.missing("issued_at_ms");
        }
        return new DeviceCommand(commandId, type, args, issuedAtMs);
    }
}
