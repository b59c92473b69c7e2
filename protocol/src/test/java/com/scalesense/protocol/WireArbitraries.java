package com.scalesense.protocol;

import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/** Generators of valid protocol values, for round-trip and validator properties. */
final class WireArbitraries {

    static final long MIN_MS = 946_684_800_000L;   // 2000-01-01T00:00:00Z (seed 001)
    static final long MAX_MS = 4_102_444_800_000L; // 2100-01-01T00:00:00Z, exclusive
    private static final String NANOID = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";

    private WireArbitraries() {
    }

    static Arbitrary<String> macs() {
        return Arbitraries.integers().between(0, 255).list().ofSize(6).map(bytes -> {
            var sb = new StringBuilder();
            for (int b : bytes) {
                sb.append(sb.length() == 0 ? "" : ":").append(String.format("%02X", b));
            }
            return sb.toString();
        });
    }

    static Arbitrary<String> bootIds() {
        // set the version nibble to 4 and the variant bits to 10, as UUID.randomUUID() does
        return Combinators.combine(Arbitraries.longs(), Arbitraries.longs()).as((msb, lsb) -> new UUID(
                (msb & ~0xF000L) | 0x4000L, (lsb & 0x3FFF_FFFF_FFFF_FFFFL) | 0x8000_0000_0000_0000L).toString());
    }

    static Arbitrary<String> kegIds() {
        var dates = Arbitraries.integers().between(0, 36_523).map(d -> LocalDate.of(2000, 1, 1).plusDays(d)
                .format(DateTimeFormatter.BASIC_ISO_DATE));
        var suffixes = Arbitraries.strings().withChars(NANOID.toCharArray()).ofMinLength(3).ofMaxLength(8);
        return Combinators.combine(dates, suffixes).as((date, suffix) -> "keg-" + date + "-" + suffix);
    }

    static Arbitrary<Long> timestamps() {
        return Arbitraries.longs().between(MIN_MS, MAX_MS - 1);
    }

    private static Arbitrary<Double> nonNegative() {
        return Arbitraries.doubles().between(0, 1e6);
    }

    private static Arbitrary<Double> optional(Arbitrary<Double> value) {
        return value.injectNull(0.3);
    }

    /** A reading at {@code ts}; its level is given exactly when hx711 is ok. */
    static Arbitrary<Reading> readings(long ts) {
        var hx711 = Arbitraries.of(SensorStatus.class);
        var level = Combinators.combine(Arbitraries.doubles().between(0, 100), nonNegative(), nonNegative(),
                nonNegative()).as(List::of);
        var rates = Combinators.combine(optional(nonNegative()), optional(nonNegative()),
                optional(Arbitraries.doubles().between(0, 30)), optional(Arbitraries.doubles().between(0, 100)),
                optional(Arbitraries.doubles().between(-40, 85))).as(Arrays::asList);
        var flags = Combinators.combine(Arbitraries.of(true, false), Arbitraries.of(KegState.class),
                Arbitraries.of(TareStatus.class).injectNull(0.2), Arbitraries.of(SensorStatus.class))
                .as((a, b, c, d) -> Arrays.<Object>asList(a, b, c, d));
        return Combinators.combine(hx711, level, rates, flags).as((status, l, r, f) -> {
            boolean ok = status == SensorStatus.OK;
            Map<String, SensorStatus> sensors = new HashMap<>();
            sensors.put("hx711", status);
            sensors.put("ds18b20", (SensorStatus) f.get(3));
            return new Reading(ts, ok ? l.get(0) : null, ok ? l.get(1) : null, ok ? l.get(2) : null,
                    ok ? l.get(3) : null, r.get(0), r.get(1), r.get(2), r.get(3), r.get(4), sensors,
                    (Boolean) f.get(0), (KegState) f.get(1), (TareStatus) f.get(2));
        });
    }

    /** One event of any type at {@code ts}. */
    static Arbitrary<DeviceEvent> events(long ts) {
        var pour = Combinators.combine(Arbitraries.longs().between(0, 600_000), Arbitraries.doubles().between(0.1, 200),
                Arbitraries.of(true, false)).as((len, oz, synced) -> (DeviceEvent) new DeviceEvent.Pour(
                ts, synced, Math.max(MIN_MS, ts - len), ts, oz, oz * 29.5735295625));
        var swap = Combinators.combine(kegIds().injectNull(0.3), kegIds().injectNull(0.3), nonNegative())
                .as((prev, next, lbs) -> (DeviceEvent) new DeviceEvent.KegSwap(ts, true, prev, next, lbs));
        var tare = Combinators.combine(Arbitraries.of("empty", "full"), kegIds(),
                Arbitraries.of("half_barrel", "quarter_barrel", "sixth_barrel", "slim_quarter"), nonNegative(),
                optional(nonNegative()), Arbitraries.of(TareStatus.class)).as((kind, keg, type, lbs, other, status) ->
                (DeviceEvent) new DeviceEvent.Tare(ts, false, kind, keg, type,
                        kind.equals("empty") ? lbs : other, kind.equals("full") ? lbs : other, status));
        var error = Combinators.combine(Arbitraries.of("hx711", "max17048", "ds18b20"), Arbitraries.of(SensorStatus.class),
                Arbitraries.strings().ofMaxLength(40).injectNull(0.3))
                .as((sensor, status, detail) -> (DeviceEvent) new DeviceEvent.SensorError(ts, true, sensor, status, detail));
        return Arbitraries.oneOf(pour, swap, tare, error);
    }

    /** A valid batch: 1..100 readings strictly increasing inside a window, up to 5 events. */
    static Arbitrary<ReadingsBatch> batches() {
        var window = Combinators.combine(Arbitraries.longs().between(MIN_MS, MAX_MS - 10_000_000),
                Arbitraries.integers().between(1, 100), Arbitraries.integers().between(0, 5));
        return window.flatAs((start, n, e) -> {
            var gaps = Arbitraries.longs().between(1, 60_000).list().ofSize(n);
            return gaps.flatMap(g -> {
                List<Long> times = new ArrayList<>();
                long t = start;
                for (long gap : g) {
                    t += gap;
                    times.add(t);
                }
                long end = t + 1;
                var readings = Combinators.combine(times.stream().map(WireArbitraries::readings).toList())
                        .as(List::copyOf);
                var events = Arbitraries.longs().between(start, end).flatMap(WireArbitraries::events).list().ofSize(e);
                return Combinators.combine(readings, events, header(), kegIds().injectNull(0.2))
                        .as((rs, es, h, keg) -> new ReadingsBatch(ReadingsBatch.SCHEMA_VERSION, h.get(0), h.get(1),
                                h.get(2), h.get(3), new BatchId(h.get(0), h.get(2), start, end).toString(),
                                h.get(4), h.get(5), keg, rs, es));
            });
        });
    }

    /** hardware_id, device_id, boot_id, firmware_version, loc_id, tap_id. */
    static Arbitrary<List<String>> header() {
        var devices = Arbitraries.integers().between(0, 9999).map(n -> String.format("SCALE-%04d", n));
        var firmware = Combinators.combine(Arbitraries.integers().between(0, 99), Arbitraries.integers().between(0, 99),
                Arbitraries.integers().between(0, 999)).as((a, b, c) -> a + "." + b + "." + c);
        var places = Combinators.combine(Arbitraries.integers().between(0, 999), Arbitraries.integers().between(0, 99))
                .as((loc, tap) -> List.of(String.format("loc-%03d", loc), String.format("loc-%03d#TAP#%02d", loc, tap)));
        return Combinators.combine(macs(), devices, bootIds(), firmware, places)
                .as((mac, device, boot, fw, place) -> List.of(mac, device, boot, fw, place.get(0), place.get(1)));
    }

    static Arbitrary<BootRegistration> registrations() {
        var sensors = Arbitraries.of("hx711", "max17048", "ds18b20").list().uniqueElements().ofMaxSize(3);
        var features = Arbitraries.maps(Arbitraries.of("offline_buffering", "tft_display"), Arbitraries.of(true, false));
        return Combinators.combine(header(), sensors, features, timestamps(), Arbitraries.of(true, false))
                .as((h, s, f, ts, synced) -> new BootRegistration(ReadingsBatch.SCHEMA_VERSION, h.get(0), h.get(1),
                        h.get(2), h.get(3), h.get(4), h.get(5), new Capabilities(s, f), ts, synced));
    }

    static Arbitrary<DeviceCommand> commands() {
        var ids = Arbitraries.strings().withChars("abcXYZ019_:-".toCharArray()).ofMinLength(1).ofMaxLength(64);
        var simple = Combinators.combine(ids, Arbitraries.of("tare_empty", "tare_full", "reload_config"), timestamps())
                .as((id, type, ts) -> new DeviceCommand(id, type, Map.of(), ts));
        var assign = Combinators.combine(ids, kegIds(), Arbitraries.of("half_barrel", "sixth_barrel"), timestamps())
                .as((id, keg, type, ts) -> new DeviceCommand(id, "assign_keg",
                        Map.of("keg_id", keg, "keg_type", type, "beer_id", "guinness-draught"), ts));
        return Arbitraries.oneOf(simple, assign);
    }
}
