package com.scalesense.protocol;

import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.stream.LongStream;

/**
 * Generators of valid protocol values from a seeded {@link Random}, for round-trip and validator
 * properties. A property runs once per seed of {@link #seeds(long, int)}; the seed is in the
 * test's display name, so a failing case is reproduced by running that seed again. Cases are
 * not shrunk: each is small enough to read as it is.
 */
final class WireCases {

    static final long MIN_MS = 946_684_800_000L;   // 2000-01-01T00:00:00Z (seed 001)
    static final long MAX_MS = 4_102_444_800_000L; // 2100-01-01T00:00:00Z, exclusive
    /** Seeds start here unless {@code -Dproperties.seed=N} picks another base for a wider search. */
    static final long BASE_SEED = Long.getLong("properties.seed", 20_261_123L);
    private static final String NANOID = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";
    private static final String[] KEG_TYPES = {"half_barrel", "quarter_barrel", "sixth_barrel", "slim_quarter"};

    private WireCases() {
    }

    /** {@code tries} consecutive seeds from the base seed plus {@code salt} (one salt per property). */
    static LongStream seeds(long salt, int tries) {
        return LongStream.range(0, tries).map(i -> BASE_SEED + salt * 1_000_003L + i);
    }

    static long between(Random r, long min, long max) {
        return Math.min(max, min + (long) Math.floor(r.nextDouble() * (max - min + 1)));
    }

    static int between(Random r, int min, int max) {
        return min + r.nextInt(max - min + 1);
    }

    static double between(Random r, double min, double max) {
        // the bounds themselves are the edge cases most worth trying: one case in ten is an edge
        return switch (r.nextInt(20)) {
            case 0 -> min;
            case 1 -> max;
            default -> min + r.nextDouble() * (max - min);
        };
    }

    static <T> T oneOf(Random r, T[] values) {
        return values[r.nextInt(values.length)];
    }

    /** {@code value} or, with probability {@code nullRate}, null. */
    static <T> T orNull(Random r, double nullRate, T value) {
        return r.nextDouble() < nullRate ? null : value;
    }

    static String mac(Random r) {
        var sb = new StringBuilder();
        for (int i = 0; i < 6; i++) {
            sb.append(i == 0 ? "" : ":").append(String.format("%02X", r.nextInt(256)));
        }
        return sb.toString();
    }

    static String bootId(Random r) {
        // set the version nibble to 4 and the variant bits to 10, as UUID.randomUUID() does
        return new UUID((r.nextLong() & ~0xF000L) | 0x4000L,
                (r.nextLong() & 0x3FFF_FFFF_FFFF_FFFFL) | 0x8000_0000_0000_0000L).toString();
    }

    static String kegId(Random r) {
        String date = LocalDate.of(2000, 1, 1).plusDays(r.nextInt(36_524)).format(DateTimeFormatter.BASIC_ISO_DATE);
        return "keg-" + date + "-" + text(r, NANOID, 3, 8);
    }

    static String text(Random r, String chars, int minLength, int maxLength) {
        int length = between(r, minLength, maxLength);
        var sb = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            sb.append(chars.charAt(r.nextInt(chars.length())));
        }
        return sb.toString();
    }

    static long timestamp(Random r) {
        return between(r, MIN_MS, MAX_MS - 1);
    }

    /**
     * A value of {@code range}; one case in five is an edge: either bound, the smallest magnitude
     * DynamoDB stores (1e-130) or the largest double under the upper bound.
     */
    static double within(Random r, PhysicalRange range) {
        return switch (r.nextInt(10)) {
            case 0 -> range.min() == 0 ? PhysicalRange.MIN_MAGNITUDE : range.min();
            case 1 -> Math.nextDown(range.max());
            default -> between(r, range.min(), range.max());
        };
    }

    /** A reading at {@code ts}; its level is given exactly when hx711 is ok. */
    static Reading reading(Random r, long ts) {
        SensorStatus hx711 = oneOf(r, SensorStatus.values());
        boolean ok = hx711 == SensorStatus.OK;
        Map<String, SensorStatus> sensors = new HashMap<>();
        sensors.put("hx711", hx711);
        sensors.put("ds18b20", oneOf(r, SensorStatus.values()));
        Double level = within(r, PhysicalRanges.LEVEL_PCT);
        Double gallons = within(r, PhysicalRanges.GALLONS);
        Double weightLbs = within(r, PhysicalRanges.WEIGHT_LBS);
        Double pints = within(r, PhysicalRanges.PINTS_LEFT);
        return new Reading(ts, ok ? level : null, ok ? gallons : null, ok ? weightLbs : null, ok ? pints : null,
                orNull(r, 0.3, within(r, PhysicalRanges.POUR_RATE_GPH)),
                orNull(r, 0.3, within(r, PhysicalRanges.HOURS_REMAINING)),
                orNull(r, 0.3, within(r, PhysicalRanges.BATTERY_V)), orNull(r, 0.3, within(r, PhysicalRanges.BATTERY_PCT)),
                orNull(r, 0.3, within(r, PhysicalRanges.TEMPERATURE_C)), sensors,
                r.nextBoolean(), oneOf(r, KegState.values()), orNull(r, 0.2, oneOf(r, TareStatus.values())));
    }

    /** One event of the given kind (0 pour, 1 keg swap, 2 tare, 3 sensor error) at {@code ts}. */
    static DeviceEvent event(Random r, long ts, int kind) {
        return switch (kind) {
            case 0 -> {
                long length = between(r, 0L, 600_000L);
                double oz = r.nextInt(10) == 0 ? PhysicalRanges.POUR_OZ.max() : between(r, 0.1, 200.0);
                yield new DeviceEvent.Pour(ts, r.nextBoolean(), Math.max(MIN_MS, ts - length), ts, oz,
                        oz * 29.5735295625);
            }
            case 1 -> new DeviceEvent.KegSwap(ts, true, orNull(r, 0.3, kegId(r)), orNull(r, 0.3, kegId(r)),
                    within(r, PhysicalRanges.WEIGHT_LBS));
            case 2 -> {
                boolean empty = r.nextBoolean();
                Double lbs = within(r, PhysicalRanges.WEIGHT_LBS);
                Double other = orNull(r, 0.3, within(r, PhysicalRanges.WEIGHT_LBS));
                yield new DeviceEvent.Tare(ts, false, empty ? "empty" : "full", kegId(r), oneOf(r, KEG_TYPES),
                        empty ? lbs : other, empty ? other : lbs, oneOf(r, TareStatus.values()));
            }
            default -> new DeviceEvent.SensorError(ts, true, oneOf(r, new String[] {"hx711", "max17048", "ds18b20"}),
                    oneOf(r, SensorStatus.values()), orNull(r, 0.3, text(r, "abc xyz-_019", 0, 40)));
        };
    }

    /** One event of any type at {@code ts}. */
    static DeviceEvent event(Random r, long ts) {
        return event(r, ts, r.nextInt(4));
    }

    /**
     * A valid batch: 1..100 readings strictly increasing, up to 5 events among them, and a
     * batch_id whose window is exactly the span of their timestamps.
     */
    static ReadingsBatch batch(Random r) {
        long start = between(r, MIN_MS, MAX_MS - 10_000_000);
        int n = between(r, 1, 100);
        List<Reading> readings = new ArrayList<>(n);
        long t = start;
        for (int i = 0; i < n; i++) {
            t += between(r, 1L, 60_000L);
            readings.add(reading(r, t));
        }
        long end = t + 1;
        int e = between(r, 0, 5);
        List<DeviceEvent> events = new ArrayList<>(e);
        for (int i = 0; i < e; i++) {
            events.add(event(r, between(r, start, end)));
        }
        long first = readings.get(0).timestampMs();
        long last = t;
        for (DeviceEvent event : events) {
            first = Math.min(first, event.timestampMs());
            last = Math.max(last, event.timestampMs());
        }
        Header h = header(r);
        return new ReadingsBatch(ReadingsBatch.SCHEMA_VERSION, h.mac(), h.device(), h.boot(), h.firmware(),
                new BatchId(h.mac(), h.boot(), first, last).toString(), h.loc(), h.tap(), orNull(r, 0.2, kegId(r)),
                readings, events);
    }

    /** The identity fields every message carries. */
    record Header(String mac, String device, String boot, String firmware, String loc, String tap) {
    }

    static Header header(Random r) {
        int loc = r.nextInt(1000);
        return new Header(mac(r), String.format("SCALE-%04d", r.nextInt(10_000)), bootId(r),
                r.nextInt(100) + "." + r.nextInt(100) + "." + r.nextInt(1000), String.format("loc-%03d", loc),
                String.format("loc-%03d#TAP#%02d", loc, r.nextInt(100)));
    }

    static BootRegistration registration(Random r) {
        Header h = header(r);
        List<String> sensors = new ArrayList<>(List.of("hx711", "max17048", "ds18b20"));
        java.util.Collections.shuffle(sensors, r);
        Map<String, Boolean> features = new LinkedHashMap<>();
        for (String feature : new String[] {"offline_buffering", "tft_display"}) {
            if (r.nextBoolean()) {
                features.put(feature, r.nextBoolean());
            }
        }
        return new BootRegistration(ReadingsBatch.SCHEMA_VERSION, h.mac(), h.device(), h.boot(), h.firmware(),
                h.loc(), h.tap(), new Capabilities(sensors.subList(0, r.nextInt(4)), features), timestamp(r),
                r.nextBoolean());
    }

    static DeviceCommand command(Random r) {
        String id = text(r, "abcXYZ019_:-", 1, 64);
        if (r.nextBoolean()) {
            return new DeviceCommand(id, oneOf(r, new String[] {"tare_empty", "tare_full", "reload_config"}),
                    Map.of(), timestamp(r));
        }
        return new DeviceCommand(id, "assign_keg", Map.of("keg_id", kegId(r),
                "keg_type", oneOf(r, new String[] {"half_barrel", "sixth_barrel"}), "beer_id", "guinness-draught"),
                timestamp(r));
    }
}
