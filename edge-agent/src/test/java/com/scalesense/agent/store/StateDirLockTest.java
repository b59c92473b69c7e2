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
    void creates_the_lock_file_group_readable_whatever_the_umask_so_the_service_group_can_take_a_shared_lock()
            throws Exception {
        // guards issue 14 item 3: a technician in the group could not take the lock to read a stopped scale
        try (StateDirLock agent = StateDirLock.acquire(stateDir, "scale-agent", 812)) {
            assertThat(java.nio.file.Files.getPosixFilePermissions(agent.file()))
                    .isEqualTo(java.nio.file.attribute.PosixFilePermissions.fromString("rw-r-----"));
        }
        // and a reader takes it with read access only, the file untouched
        try (StateDirLock reader = StateDirLock.acquireShared(stateDir)) {
            assertThat(reader.file()).hasContent("scale-agent pid 812");
        }
    }

    @Test
    void the_agent_cannot_take_the_lock_while_a_reader_holds_it() {
        StateDirLock.acquire(stateDir, "scale-agent", 812).close();
        try (StateDirLock reader = StateDirLock.acquireShared(stateDir)) {
            assertThatThrownBy(() -> StateDirLock.acquire(stateDir, "scale-agent", 813))
                    .isInstanceOf(StateDirLockedException.class);
        }
    }

    @Test
    void a_lock_path_that_cannot_be_opened_is_reported_with_its_path_and_reason() throws Exception {
        // running as root, permissions cannot be denied; a directory where the lock file belongs fails the open the same way
        java.nio.file.Files.createDirectories(stateDir.resolve(StateDirLock.FILE_NAME));
        assertThatThrownBy(() -> StateDirLock.acquireShared(stateDir))
                .isInstanceOf(java.io.UncheckedIOException.class)
                .hasMessageContaining(stateDir.resolve(StateDirLock.FILE_NAME).toString());
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
