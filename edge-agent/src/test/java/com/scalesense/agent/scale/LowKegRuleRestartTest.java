package com.scalesense.agent.scale;

import static com.scalesense.agent.scale.ScaleModelStart.T0;
import static org.assertj.core.api.Assertions.assertThat;

import com.scalesense.agent.pipeline.LowKegRule;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The location's low-keg rule the cloud sent (set_low_keg, issue 18) survives a restart; an older one never replaces it. */
class LowKegRuleRestartTest {

    @TempDir
    Path dir;

    @Test
    void a_rule_from_the_cloud_is_kept_across_a_restart_and_an_older_one_arriving_late_is_ignored() {
        Path file = dir.resolve("nvs.db");
        LowKegRule v2 = new LowKegRule(20, 600, T0);
        try (ScaleModelStart first = new ScaleModelStart(file, T0)) {
            assertThat(first.model.lowKegRule()).as("before the cloud sent one").isEqualTo(LowKegRule.DEFAULTS);
            assertThat(first.model.lowKegRule(v2)).isTrue();
            assertThat(first.model.pipeline().lowKegRule()).isEqualTo(v2);
        }
        try (ScaleModelStart second = new ScaleModelStart(file, T0 + 60_000)) {
            assertThat(second.model.lowKegRule()).isEqualTo(v2);
            assertThat(second.model.pipeline().lowKegRule()).isEqualTo(v2);
            assertThat(second.model.lowKegRule(new LowKegRule(10, 900, T0 - 1))).as("issued before v2").isFalse();
            assertThat(second.model.lowKegRule()).isEqualTo(v2);
        }
    }
}
