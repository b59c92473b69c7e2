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
 * the order of the record's components, {@link DeviceEvent}s by their {@code "type"}
 * ({@link EventReader}). Each value is read by {@link JsonIn}'s strict readers.
 */
final class WireReader {

    private static final KegState[] KEG_STATES = KegState.values();
    static final SensorStatus[] SENSOR_STATUSES = SensorStatus.values();
    static final TareStatus[] TARE_STATUSES = TareStatus.values();

    private WireReader() {
    }

    /** The record at the current token of {@code in}, or null for JSON null. */
    static Object read(JsonIn in, Class<?> type) throws IOException {
        if (type == ReadingsBatch.class) {
            return batch(in);
        } else if (type == Reading.class) {
            return reading(in);
        } else if (type == DeviceEvent.class) {
            return EventReader.event(in, null);
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
    static boolean objectStart(JsonIn in, String simpleName) throws IOException {
        return switch (in.token()) {
            case START_OBJECT -> true;
            case VALUE_NULL -> false;
            case START_ARRAY -> throw in.wrongShape(simpleName);
            case VALUE_STRING -> throw in.text().isEmpty() ? in.emptyString(simpleName) : in.noCreator(simpleName);
            default -> throw in.noCreator(simpleName);
        };
    }

    /** Moves to the first field of the object at the current token, or past the current field's value. */
    static boolean nextField(JsonIn in) throws IOException {
        return in.next() == JsonToken.FIELD_NAME;
    }

    /** Moves to the value of the field at the current token and enters it in the path; returns its name. */
    static String enterField(JsonIn in) throws IOException {
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
            if (!id.field(in, name)) {
                switch (name) {
                    case "batch_id" -> batchId = in.readString();
                    case "keg_id" -> kegId = in.readString();
                    case "readings" -> readings = list(in, "`java.util.ArrayList<com.scalesense.protocol.Reading>`",
                            "readings", false, WireReader::reading);
                    // an event of the array form with no value (["pour"]) is refused as a null
                    case "events" -> events = list(in, "`java.util.ArrayList<com.scalesense.protocol.DeviceEvent>`",
                            "events", false, e -> EventReader.event(e, "events"));
                    default -> in.skipValue();
                }
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
            if (!stamp.field(in, name)) {
                switch (name) {
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
                            "`java.util.LinkedHashMap<java.lang.String,com.scalesense.protocol.SensorStatus>`",
                            "sensor_status", e -> e.readEnum(SensorStatus.class, SENSOR_STATUSES));
                    case "keg_state" -> kegState = in.readEnum(KegState.class, KEG_STATES);
                    case "tare_status" -> tareStatus = in.readEnum(TareStatus.class, TARE_STATUSES);
                    default -> in.skipValue();
                }
            }
            in.leave();
        }
        stamp.require(in);
        return new Reading(stamp.timestampMs, levelPct, gallons, weightLbs, pintsLeft, pourRateGph, hoursRemaining,
                batteryV, batteryPct, temperatureC, sensorStatus, stamp.clockSynced, kegState, tareStatus);
    }

    /** The time of a reading, an event or a registration: both fields required, in this order. */
    static final class Stamp {
        long timestampMs;
        private boolean hasTimestamp;
        boolean clockSynced;
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

    static BootRegistration registration(JsonIn in) throws IOException {
        if (!objectStart(in, "BootRegistration")) {
            return null;
        }
        var id = new Identity();
        Capabilities capabilities = null;
        var stamp = new Stamp();
        while (nextField(in)) {
            String name = enterField(in);
            if (!(id.field(in, name) || stamp.field(in, name))) {
                switch (name) {
                    case "capabilities" -> capabilities = capabilities(in);
                    default -> in.skipValue();
                }
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
