package com.scalesense.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Any valid message survives encode → decode unchanged, and the validator agrees it is valid
 * (one case per seed, see {@link WireCases}).
 */
class WireCodecProperties {

    private final WireCodec codec = new WireCodec();
    private final MessageValidator validator = new MessageValidator();

    // Fewer cases than the others: a batch holds up to 100 readings, so each case is large.
    static LongStream batchSeeds() {
        return WireCases.seeds(3, 60);
    }

    static LongStream eventSeeds() {
        return WireCases.seeds(4, 300);
    }

    static LongStream registrationSeeds() {
        return WireCases.seeds(5, 200);
    }

    static LongStream commandSeeds() {
        return WireCases.seeds(6, 200);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("batchSeeds")
    void a_valid_batch_round_trips_unchanged(long seed) {
        ReadingsBatch batch = WireCases.batch(new Random(seed));

        assertThat(validator.check(batch)).isEmpty();
        assertThat(codec.decodeBatch(codec.encode(batch))).isEqualTo(batch);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("eventSeeds")
    void every_event_type_round_trips_on_its_own(long seed) {
        Random r = new Random(seed);
        DeviceEvent event = WireCases.event(r, WireCases.timestamp(r));

        assertThat(codec.decode(codec.encode(event), DeviceEvent.class)).isEqualTo(event);
    }

    /** The event cases above cover every event type, so no type's round trip goes untried. */
    @Test
    void the_event_cases_cover_every_event_type() {
        Set<String> types = eventSeeds().mapToObj(seed -> {
            Random r = new Random(seed);
            return WireCases.event(r, WireCases.timestamp(r)).getClass().getSimpleName();
        }).collect(Collectors.toSet());

        assertThat(types).containsExactlyInAnyOrder("Pour", "KegSwap", "Tare", "SensorError");
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("registrationSeeds")
    void a_valid_registration_round_trips_unchanged(long seed) {
        BootRegistration registration = WireCases.registration(new Random(seed));

        assertThat(validator.check(registration)).isEmpty();
        assertThat(codec.decodeRegistration(codec.encode(registration))).isEqualTo(registration);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("commandSeeds")
    void a_valid_command_round_trips_unchanged(long seed) {
        DeviceCommand command = WireCases.command(new Random(seed));

        assertThat(validator.check(command)).isEmpty();
        assertThat(codec.decodeCommand(codec.encode(command))).isEqualTo(command);
    }

    @Test
    void the_batch_cases_cover_every_keg_state_and_sensor_status() {
        Set<KegState> states = EnumSet.noneOf(KegState.class);
        Set<SensorStatus> statuses = EnumSet.noneOf(SensorStatus.class);
        batchSeeds().forEach(seed -> WireCases.batch(new Random(seed)).readings().forEach(reading -> {
            states.add(reading.kegState());
            statuses.addAll(reading.sensorStatus().values());
        }));

        assertThat(states).containsExactlyInAnyOrder(KegState.values());
        assertThat(statuses).containsExactlyInAnyOrder(SensorStatus.values());
    }
}
