package com.scalesense.cal.output;

import static org.assertj.core.api.Assertions.assertThat;

import com.scalesense.control.Replies;
import com.scalesense.cal.StoredState;
import java.util.List;
import org.junit.jupiter.api.Test;

class StatusTextTest {

    private static final Replies.CalibrationInfo NONE = new Replies.CalibrationInfo(null, null, null, null, 0, null, null);

    @Test
    void agent_status_has_one_labelled_line_per_concern() {
        Replies.Status status = new Replies.Status("SCALE-0042", "AA:BB:CC:DD:EE:FF", "loc-001", "loc-001#TAP#07",
                "7c9e6679-7425-40de-944b-e07fc1f90ae7", 3, 7_500, "1.0.16", false, false, null, NONE,
                new Replies.OutboxInfo(12, 1, 0, 1_048_576, 67_108_864),
                new Replies.Connectivity(true, true, true, 120, 119, null), new Replies.Battery(3.92, 81), 3.5,
                new Replies.Sampling(100, 99, 10, 1, 0, 10), null);

        List<String> lines = StatusText.of(status);

        assertThat(lines).contains("device       SCALE-0042 (AA:BB:CC:DD:EE:FF), firmware 1.0.16",
                "outbox       12 pending, 1 sealed batches, 0 dropped, 1.0 MiB of 64.0 MiB",
                "uplink       connected, registered, 120 published, 119 acked",
                "battery      3.92 V, 81 %", "last error   none");
        assertThat(String.join("\n", lines)).contains("boot #3 up 2h 05m").contains("NOT synchronised")
                .contains("calibration  NONE");
    }

    @Test
    void stored_state_says_the_agent_is_not_running_and_where_it_read() {
        StoredState stored = new StoredState("/var/lib/scale-sense", null, NONE, null, "OK", List.of());

        assertThat(StatusText.of(stored)).containsExactly(
                "agent        NOT running: values read from the stores in /var/lib/scale-sense",
                "keg          none assigned",
                "calibration  NONE: the scale must be calibrated (scale-cal calibrate)",
                "outbox       no outbox file yet",
                "nvs store    OK");
    }

    @Test
    void an_unconfigured_uplink_reads_as_offline_buffering() {
        assertThat(StatusText.connectivity(new Replies.Connectivity(false, false, false, 0, 0, null)))
                .startsWith("offline: no broker configured");
    }
}
