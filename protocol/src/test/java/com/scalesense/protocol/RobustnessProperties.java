package com.scalesense.protocol;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The codec and the validator fail only in their documented ways: whatever the bytes, decoding
 * returns a message or throws MalformedMessageException; whatever the record, checking returns
 * a list. An unexpected exception in the sink would be retried forever instead of rejected.
 * One case per seed, see {@link WireCases}.
 */
class RobustnessProperties {

    private static final byte[] VALID = new WireCodec().encode(Samples.batch());

    private final WireCodec codec = new WireCodec();
    private final MessageValidator validator = new MessageValidator();

    static LongStream corruptionSeeds() {
        return WireCases.seeds(7, 300);
    }

    static LongStream textSeeds() {
        return WireCases.seeds(8, 200);
    }

    static LongStream sloppySeeds() {
        return WireCases.seeds(9, 300);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("corruptionSeeds")
    void a_corrupted_batch_decodes_or_is_malformed_never_anything_else(long seed) {
        Random r = new Random(seed);
        byte[] json = mutate(VALID, r.nextInt(VALID.length), (byte) r.nextInt(256), r.nextInt(3));
        try {
            ReadingsBatch batch = codec.decodeBatch(json);
            // a corruption that still decodes is judged by the validator, which must not throw either
            assertThat(validator.check(batch)).isNotNull();
        } catch (MalformedMessageException expected) {
            assertThat(expected.path()).isNotBlank();
            assertThat(expected.rule()).isNotBlank();
        }
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("textSeeds")
    void arbitrary_text_decodes_or_is_malformed(long seed) {
        String text = WireCases.text(new Random(seed), "{}[]\":,0123456789.eE-+ ntrufalsNI\\abc_", 0, 200);
        try {
            codec.decodeBatch(text.getBytes(UTF_8));
        } catch (MalformedMessageException expected) {
            assertThat(expected.getMessage()).hasSizeLessThan(1_000);
        }
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("sloppySeeds")
    void the_validator_reports_nulls_and_garbage_instead_of_throwing(long seed) {
        ReadingsBatch batch = sloppyBatch(new Random(seed));

        List<Violation> violations = validator.check(batch);

        assertThat(violations).isNotEmpty().allSatisfy(v -> {
            assertThat(v.field()).isNotBlank();
            assertThat(v.rule()).isNotBlank();
        });
    }

    static byte[] mutate(byte[] original, int at, byte replacement, int operation) {
        return switch (operation) {
            case 0 -> {
                byte[] copy = original.clone();
                copy[at] = replacement;
                yield copy;
            }
            case 1 -> {
                byte[] copy = new byte[original.length - 1];
                System.arraycopy(original, 0, copy, 0, at);
                System.arraycopy(original, at + 1, copy, at, original.length - at - 1);
                yield copy;
            }
            default -> {
                byte[] copy = Arrays.copyOf(original, original.length + 1);
                System.arraycopy(original, at, copy, at + 1, original.length - at);
                copy[at] = replacement;
                yield copy;
            }
        };
    }

    private static String sloppyText(Random r) {
        return switch (r.nextInt(3)) {
            case 0 -> null;
            case 1 -> "";
            default -> WireCases.text(r, "aZ9-_#: \u00e9\u0000", 0, 12);
        };
    }

    private static Double sloppyNumber(Random r) {
        return switch (r.nextInt(3)) {
            case 0 -> null;
            case 1 -> WireCases.oneOf(r, new Double[] {Double.NaN, Double.NEGATIVE_INFINITY, -1.0, 1e9});
            default -> Double.longBitsToDouble(r.nextLong());
        };
    }

    /** A batch whose every field may be null, empty or nonsense; at least one field is bad. */
    private static ReadingsBatch sloppyBatch(Random r) {
        List<Reading> readings = new ArrayList<>();
        for (int i = r.nextInt(4); i > 0; i--) {
            Double a = sloppyNumber(r);
            Double b = sloppyNumber(r);
            Double c = sloppyNumber(r);
            SensorStatus status = WireCases.orNull(r, 0.3, WireCases.oneOf(r, SensorStatus.values()));
            readings.add(new Reading(r.nextLong(), a, b, c, a, b, c, a, b, c,
                    status == null ? Map.of() : Map.of("hx711", status), true,
                    WireCases.orNull(r, 0.3, WireCases.oneOf(r, KegState.values())), null));
        }
        List<DeviceEvent> events = new ArrayList<>();
        for (int i = r.nextInt(4); i > 0; i--) {
            long ts = r.nextLong();
            long start = r.nextLong();
            Double volume = sloppyNumber(r);
            String s1 = sloppyText(r);
            String s2 = sloppyText(r);
            double v = volume == null ? 0 : volume;
            List<DeviceEvent> all = List.of(new DeviceEvent.Pour(ts, true, start, ts, v, v),
                    new DeviceEvent.KegSwap(ts, true, s1, s2, v),
                    new DeviceEvent.Tare(ts, true, s1, s2, s1, volume, volume, null),
                    new DeviceEvent.SensorError(ts, true, s1, null, s2));
            events.add(all.get((int) Math.floorMod(ts, 4L)));
        }
        String id = sloppyText(r);
        String loc = sloppyText(r);
        String keg = sloppyText(r);
        int version = WireCases.between(r, -1, 3);
        return new ReadingsBatch(version, id, id, id, id, id, loc, loc, keg, readings, events);
    }
}
