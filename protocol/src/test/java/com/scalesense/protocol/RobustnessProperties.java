package com.scalesense.protocol;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * The codec and the validator fail only in their documented ways: whatever the bytes, decoding
 * returns a message or throws MalformedMessageException; whatever the record, checking returns
 * a list. An unexpected exception in the sink would be retried forever instead of rejected.
 */
class RobustnessProperties {

    private static final byte[] VALID = new WireCodec().encode(Samples.batch());

    private final WireCodec codec = new WireCodec();
    private final MessageValidator validator = new MessageValidator();

    @Property(tries = 300)
    void a_corrupted_batch_decodes_or_is_malformed_never_anything_else(
            @ForAll @IntRange(min = 0, max = 4_000) int position, @ForAll byte replacement,
            @ForAll @IntRange(min = 0, max = 2) int operation) {
        byte[] json = mutate(VALID, position % VALID.length, replacement, operation);
        try {
            ReadingsBatch batch = codec.decodeBatch(json);
            // a corruption that still decodes is judged by the validator, which must not throw either
            assertThat(validator.check(batch)).isNotNull();
        } catch (MalformedMessageException expected) {
            assertThat(expected.path()).isNotBlank();
            assertThat(expected.rule()).isNotBlank();
        }
    }

    @Property(tries = 200)
    void arbitrary_text_decodes_or_is_malformed(@ForAll("jsonish") String text) {
        try {
            codec.decodeBatch(text.getBytes(UTF_8));
        } catch (MalformedMessageException expected) {
            assertThat(expected.getMessage()).hasSizeLessThan(1_000);
        }
    }

    @Property(tries = 300)
    void the_validator_reports_nulls_and_garbage_instead_of_throwing(@ForAll("sloppyBatches") ReadingsBatch batch) {
        List<Violation> violations = validator.check(batch);
        assertThat(violations).isNotEmpty().allSatisfy(v -> {
            assertThat(v.field()).isNotBlank();
            assertThat(v.rule()).isNotBlank();
        });
    }

    private static byte[] mutate(byte[] original, int at, byte replacement, int operation) {
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

    @Provide
    Arbitrary<String> jsonish() {
        return Arbitraries.strings().withChars("{}[]\":,0123456789.eE-+ ntrufalsNI\\abc_".toCharArray())
                .ofMaxLength(200);
    }

    /** Batches whose every field may be null, empty or nonsense; at least one field is bad. */
    @Provide
    Arbitrary<ReadingsBatch> sloppyBatches() {
        Arbitrary<String> text = Arbitraries.oneOf(Arbitraries.just(null), Arbitraries.just(""),
                Arbitraries.strings().ofMaxLength(12));
        Arbitrary<Double> number = Arbitraries.oneOf(Arbitraries.just(null), Arbitraries.of(Double.NaN,
                Double.NEGATIVE_INFINITY, -1.0, 1e9), Arbitraries.doubles());
        Arbitrary<Long> time = Arbitraries.longs();
        Arbitrary<Reading> reading = Combinators.combine(time, number, number, number,
                Arbitraries.of(SensorStatus.class).injectNull(0.3), Arbitraries.of(KegState.class).injectNull(0.3))
                .as((ts, a, b, c, status, state) -> new Reading(ts, a, b, c, a, b, c, a, b, c,
                        status == null ? Map.of() : Map.of("hx711", status), true, state, null));
        Arbitrary<DeviceEvent> event = Combinators.combine(time, time, number, text, text)
                .as((ts, start, volume, s1, s2) -> {
                    double v = volume == null ? 0 : volume;
                    List<DeviceEvent> all = List.of(new DeviceEvent.Pour(ts, true, start, ts, v, v),
                            new DeviceEvent.KegSwap(ts, true, s1, s2, v),
                            new DeviceEvent.Tare(ts, true, s1, s2, s1, volume, volume, null),
                            new DeviceEvent.SensorError(ts, true, s1, null, s2));
                    return all.get((int) Math.floorMod(ts, 4L));
                });
        return Combinators.combine(text, text, text, reading.list().ofMaxSize(3), event.list().ofMaxSize(3),
                Arbitraries.integers().between(-1, 3)).as((id, loc, keg, readings, events, version) ->
                new ReadingsBatch(version, id, id, id, id, id, loc, loc, keg, new ArrayList<>(readings), events));
    }
}
