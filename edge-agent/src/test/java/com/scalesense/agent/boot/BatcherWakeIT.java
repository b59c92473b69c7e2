package com.scalesense.agent.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.scalesense.agent.notify.SdNotifier;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The batcher is woken by each record the outbox takes ({@link BatcherWake}), not only by the housekeeping
 * round: a keg swap, which a batch must not wait for, is sealed at once although the round here comes once an
 * hour. Without the wake the swap would wait for the round (issue 18 made the round the batcher's only timer).
 */
class BatcherWakeIT {

    /** WatchdogSec=3h: a housekeeping round every hour, none within this test. */
    private static final Duration WATCHDOG = Duration.ofHours(3);

    @TempDir
    Path dir;

    @Test
    void a_keg_swap_is_sealed_into_a_batch_at_once_without_waiting_for_the_housekeeping_round() throws Exception {
        try (AgentFixture scale = AgentFixture.start(dir, Map.of(), new SdNotifier(message -> { }, WATCHDOG))) {
            // given a calibrated scale with an empty platform, nothing sealed yet (batches wait up to 2 h)
            scale.calibrate();
            assertThat(scale.client.status().outbox().sealed()).isZero();

            // when a keg is set down
            scale.cell.load(60);

            // then its swap is sealed into a batch by the wake its record gave, not an hour later by the round
            await().atMost(Duration.ofMinutes(2)).until(() -> scale.client.status().outbox().sealed() >= 1);
            assertThat(scale.client.status().keg().state()).isNotEqualTo("keg_absent");
        }
    }
}
