package com.scalesense.protocol.internal;

import com.fasterxml.jackson.core.JsonGenerator;
import com.scalesense.protocol.BootRegistration;
import com.scalesense.protocol.Capabilities;
import com.scalesense.protocol.DeviceCommand;
import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.MalformedMessageException;
import com.scalesense.protocol.Reading;
import com.scalesense.protocol.ReadingsBatch;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Writes the contract's records as JSON: fields in the order of the record's components,
 * snake_case names, null fields left out, enums in lower snake_case, map entries sorted by key
 * (so a batch encoded again after a restart has the same bytes), each {@link DeviceEvent} with
 * its {@code "type"} first. Numbers as {@link JsonGenerator#writeNumber(double)} writes them; a
 * NaN or infinite number is refused naming its path, as nothing JSON carries can stand for it.
 */
final class WireWriter {

    /** The contract's package: its enums are written, no other (they are no message of ours). */
    private static final String PACKAGE = ReadingsBatch.class.getPackageName() + ".";

    private final JsonGenerator g;
    /** Where the writer is, for the path of a refused number: names and list indexes. */
    private final Deque<Object> path = new ArrayDeque<>();

    WireWriter(JsonGenerator g) {
        this.g = g;
    }

    /**
     * Writes {@code message}; false if it is not one of the contract's messages (nothing written).
     */
    boolean write(Object message) throws IOException {
        if (message instanceof ReadingsBatch b) {
            batch(b);
        } else if (message instanceof Reading r) {
            reading(r);
        } else if (message instanceof DeviceEvent e) {
            event(e);
        } else if (message instanceof BootRegistration r) {
            registration(r);
        } else if (message instanceof DeviceCommand c) {
            command(c);
        } else if (message instanceof Capabilities c) {
            capabilities(c);
        } else if (message instanceof Enum<?> e && e.getDeclaringClass().getName().startsWith(PACKAGE)) {
            g.writeString(WireNames.of(e));
        } else {
            return false;
        }
        return true;
    }

    private void batch(ReadingsBatch b) throws IOException {
        g.writeStartObject();
        g.writeNumberField("schema_version", b.schemaVersion());
        text("hardware_id", b.hardwareId());
        text("device_id", b.deviceId());
        text("boot_id", b.bootId());
        text("firmware_version", b.firmwareVersion());
        text("batch_id", b.batchId());
        text("loc_id", b.locId());
        text("tap_id", b.tapId());
        text("keg_id", b.kegId());
        g.writeFieldName("readings");
        path.addLast("readings");
        g.writeStartArray();
        List<Reading> readings = b.readings();
        for (int i = 0; i < readings.size(); i++) {
            path.addLast(i);
            reading(readings.get(i));
            path.removeLast();
        }
        g.writeEndArray();
        path.removeLast();
        g.writeFieldName("events");
        path.addLast("events");
        g.writeStartArray();
        List<DeviceEvent> events = b.events();
        for (int i = 0; i < events.size(); i++) {
            path.addLast(i);
            event(events.get(i));
            path.removeLast();
        }
        g.writeEndArray();
        path.removeLast();
        g.writeEndObject();
    }

    private void reading(Reading r) throws IOException {
        g.writeStartObject();
        g.writeNumberField("timestamp_ms", r.timestampMs());
        number("level_pct", r.levelPct());
        number("gallons", r.gallons());
        number("weight_lbs", r.weightLbs());
        number("pints_left", r.pintsLeft());
        number("pour_rate_gph", r.pourRateGph());
        number("hours_remaining", r.hoursRemaining());
        number("battery_v", r.batteryV());
        number("battery_pct", r.batteryPct());
        number("temperature_c", r.temperatureC());
        g.writeFieldName("sensor_status");
        g.writeStartObject();
        for (var entry : new TreeMap<>(r.sensorStatus()).entrySet()) {
            g.writeStringField(entry.getKey(), WireNames.of(entry.getValue()));
        }
        g.writeEndObject();
        g.writeBooleanField("clock_synced", r.clockSynced());
        name("keg_state", r.kegState());
        name("tare_status", r.tareStatus());
        g.writeEndObject();
    }

    private void event(DeviceEvent e) throws IOException {
        g.writeStartObject();
        if (e instanceof DeviceEvent.Pour p) {
            g.writeStringField("type", "pour");
            times(p);
            g.writeNumberField("start_ms", p.startMs());
            g.writeNumberField("end_ms", p.endMs());
            number("volume_oz", p.volumeOz());
            number("volume_ml", p.volumeMl());
        } else if (e instanceof DeviceEvent.KegSwap s) {
            g.writeStringField("type", "keg_swap");
            times(s);
            text("previous_keg_id", s.previousKegId());
            text("new_keg_id", s.newKegId());
            number("weight_lbs", s.weightLbs());
        } else if (e instanceof DeviceEvent.Tare t) {
            g.writeStringField("type", "tare");
            times(t);
            text("kind", t.kind());
            text("keg_id", t.kegId());
            text("keg_type", t.kegType());
            number("empty_offset_lbs", t.emptyOffsetLbs());
            number("full_ref_lbs", t.fullRefLbs());
            name("tare_status", t.tareStatus());
        } else if (e instanceof DeviceEvent.SensorError s) {
            g.writeStringField("type", "sensor_error");
            times(s);
            text("sensor", s.sensor());
            name("status", s.status());
            text("detail", s.detail());
        }
        g.writeEndObject();
    }

    private void times(DeviceEvent e) throws IOException {
        g.writeNumberField("timestamp_ms", e.timestampMs());
        g.writeBooleanField("clock_synced", e.clockSynced());
    }

    private void registration(BootRegistration r) throws IOException {
        g.writeStartObject();
        g.writeNumberField("schema_version", r.schemaVersion());
        text("hardware_id", r.hardwareId());
        text("device_id", r.deviceId());
        text("boot_id", r.bootId());
        text("firmware_version", r.firmwareVersion());
        text("loc_id", r.locId());
        text("tap_id", r.tapId());
        if (r.capabilities() != null) {
            g.writeFieldName("capabilities");
            capabilities(r.capabilities());
        }
        g.writeNumberField("timestamp_ms", r.timestampMs());
        g.writeBooleanField("clock_synced", r.clockSynced());
        g.writeEndObject();
    }

    private void capabilities(Capabilities c) throws IOException {
        g.writeStartObject();
        g.writeFieldName("sensors");
        g.writeStartArray();
        for (String sensor : c.sensors()) {
            g.writeString(sensor);
        }
        g.writeEndArray();
        g.writeFieldName("features");
        g.writeStartObject();
        for (var entry : new TreeMap<>(c.features()).entrySet()) {
            g.writeBooleanField(entry.getKey(), entry.getValue());
        }
        g.writeEndObject();
        g.writeEndObject();
    }

    private void command(DeviceCommand c) throws IOException {
        g.writeStartObject();
        text("command_id", c.commandId());
        text("type", c.type());
        g.writeFieldName("args");
        g.writeStartObject();
        for (Map.Entry<String, String> entry : new TreeMap<>(c.args()).entrySet()) {
            g.writeStringField(entry.getKey(), entry.getValue());
        }
        g.writeEndObject();
        g.writeNumberField("issued_at_ms", c.issuedAtMs());
        g.writeEndObject();
    }

    private void text(String field, String value) throws IOException {
        if (value != null) {
            g.writeStringField(field, value);
        }
    }

    private void name(String field, Enum<?> value) throws IOException {
        if (value != null) {
            g.writeStringField(field, WireNames.of(value));
        }
    }

    private void number(String field, Double value) throws IOException {
        if (value == null) {
            return;
        }
        if (!Double.isFinite(value)) {
            path.addLast(field);
            throw new MalformedMessageException(path(), "must be a finite number, was " + value);
        }
        g.writeNumberField(field, value.doubleValue());
    }

    private String path() {
        return ErrorPaths.of(path);
    }
}
