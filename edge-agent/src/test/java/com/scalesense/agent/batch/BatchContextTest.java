package com.scalesense.agent.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class BatchContextTest {

    @Test
    void a_context_survives_the_trip_through_its_outbox_group_string_also_without_a_keg() {
        BatchContext withKeg = ScaleFixture.KEG_A;
        BatchContext noKeg = withKeg.withKeg(null);
        assertThat(BatchContext.ofGroup(withKeg.group())).isEqualTo(withKeg);
        assertThat(BatchContext.ofGroup(noKeg.group())).isEqualTo(noKeg);
        assertThat(withKeg.group()).isNotEqualTo(ScaleFixture.KEG_B.group());
    }

    @Test
    void rejects_a_field_holding_the_group_separator_naming_the_value() {
        assertThatThrownBy(() -> ScaleFixture.KEG_A.withKeg("keg-20261120-a|b"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'keg-20261120-a|b'");
    }

    @Test
    void rejects_a_group_string_it_did_not_make() {
        assertThatThrownBy(() -> BatchContext.ofGroup("g1")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'g1'");
    }
}
