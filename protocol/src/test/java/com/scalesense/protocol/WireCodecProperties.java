package com.scalesense.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/** Any valid message survives encode → decode unchanged, and the validator agrees it is valid. */
class WireCodecProperties {

    private final WireCodec codec = new WireCodec();
    private final MessageValidator validator = new MessageValidator();

    // Fewer tries than the others: a batch holds up to 100 readings, so each try is large.
    @Property(tries = 60)
    void a_valid_batch_round_trips_unchanged(@ForAll("batches") ReadingsBatch batch) {
        assertThat(validator.check(batch)).isEmpty();
        assertThat(codec.decodeBatch(codec.encode(batch))).isEqualTo(batch);
    }

    @Property(tries = 300)
    void every_event_type_round_trips_on_its_own(@ForAll("events") DeviceEvent event) {
        assertThat(codec.decode(codec.encode(event), DeviceEvent.class)).isEqualTo(event);
        Statistics.label("type").collect(event.getClass().getSimpleName())
                .coverage(c -> {
                    for (String type : new String[] {"Pour", "KegSwap", "Tare", "SensorError"}) {
                        c.check(type).count(n -> n > 0);
                    }
                });
    }

    @Property(tries = 200)
    void a_valid_registration_round_trips_unchanged(@ForAll("registrations") BootRegistration registration) {
        assertThat(validator.check(registration)).isEmpty();
        assertThat(codec.decodeRegistration(codec.encode(registration))).isEqualTo(registration);
    }

    @Property(tries = 200)
    void a_valid_command_round_trips_unchanged(@ForAll("commands") DeviceCommand command) {
        assertThat(validator.check(command)).isEmpty();
        assertThat(codec.decodeCommand(codec.encode(command))).isEqualTo(command);
    }

    @Provide
    Arbitrary<ReadingsBatch> batches() {
        return WireArbitraries.batches();
    }

    @Provide
    Arbitrary<DeviceEvent> events() {
        return WireArbitraries.timestamps().flatMap(WireArbitraries::events);
    }

    @Provide
    Arbitrary<BootRegistration> registrations() {
        return WireArbitraries.registrations();
    }

    @Provide
    Arbitrary<DeviceCommand> commands() {
        return WireArbitraries.commands();
    }
}
