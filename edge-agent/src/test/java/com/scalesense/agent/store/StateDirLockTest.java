package com.scalesense.agent.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StateDirLockTest {

    @TempDir
    Path stateDir;

    @Test
    void refuses_a_second_holder_and_names_the_first() {
        try (StateDirLock agent = StateDirLock.acquire(stateDir, "scale-agent", 812)) {
            assertThatThrownBy(() -> StateDirLock.acquire(stateDir, "scale-cal", 900))
                    .isInstanceOf(StateDirLockedException.class)
                    .hasMessageContaining(stateDir.resolve(StateDirLock.FILE_NAME).toString())
                    .extracting(e -> ((StateDirLockedException) e).holder())
                    .isEqualTo("scale-agent pid 812");
            assertThat(agent.file()).exists();
        }
    }

    @Test
    void can_be_taken_again_once_released() {
        StateDirLock.acquire(stateDir, "scale-cal", 900).close();

        try (StateDirLock again = StateDirLock.acquire(stateDir, "scale-agent", 812)) {
            assertThat(again.file()).hasContent("scale-agent pid 812");
        }
    }

    @Test
    void creates_a_missing_state_directory() {
        Path fresh = stateDir.resolve("new/state");

        try (StateDirLock lock = StateDirLock.acquire(fresh, "scale-agent", 1)) {
            assertThat(lock.file()).isEqualTo(fresh.resolve("agent.lock"));
        }
    }
}
