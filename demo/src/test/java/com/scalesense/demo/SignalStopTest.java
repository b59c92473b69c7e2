package com.scalesense.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stop a signal asks for. A CI run on a busy machine sent SIGTERM while a scale booted: the hook's
 * interrupt closed the scale store's FileChannel under MapDB's commit, and the demo died of an
 * {@code IOError} instead of closing and saying so. These run the hook's action on another thread, as the
 * JVM does, while the thread that owns the demo writes a file (the stops here are never installed).
 */
class SignalStopTest {

    @TempDir
    Path dir;

    @Test
    void a_signal_while_the_main_thread_writes_a_file_leaves_the_file_open_and_the_thread_not_interrupted()
            throws Exception {
        try (SignalStop stop = new SignalStop();
             FileChannel store = FileChannel.open(dir.resolve("store.db"), StandardOpenOption.CREATE,
                     StandardOpenOption.WRITE)) {
            store.write(ByteBuffer.wrap("before ".getBytes(StandardCharsets.US_ASCII)));
            Thread hook = new Thread(stop::signal, "test-hook");
            hook.start();
            hook.join();

            store.write(ByteBuffer.wrap("after".getBytes(StandardCharsets.US_ASCII)));
            store.force(true);

            assertThat(Thread.currentThread().isInterrupted()).isFalse();
            assertThat(store.isOpen()).isTrue();
            assertThat(stop.signalled()).isTrue();
        }
        assertThat(Files.readString(dir.resolve("store.db"))).isEqualTo("before after");
    }

    @Test
    void the_wait_after_the_evening_ends_in_a_stop_when_the_signal_comes() throws Exception {
        try (SignalStop stop = new SignalStop()) {
            AtomicReference<Throwable> ended = new AtomicReference<>();
            Thread main = new Thread(() -> {
                try {
                    stop.awaitSignal();
                } catch (Throwable t) {
                    ended.set(t);
                }
            }, "test-main");
            main.start();
            assertThat(stop.signalled()).isFalse();

            stop.signal();

            await().until(() -> !main.isAlive());
            assertThat(ended.get()).isInstanceOf(StoppedException.class)
                    .hasMessage("stopped by a signal (Ctrl-C or SIGTERM)");
        }
    }

    @Test
    void a_stop_that_was_never_installed_stops_no_loop_of_the_demo() {
        try (SignalStop stop = new SignalStop()) {
            stop.signal();
            SignalStop.checkNotStopped(); // only the installed stop (the process's signal) stops the loops
            assertThat(stop.signalled()).isTrue();
        }
        assertThatThrownBy(() -> {
            try (SignalStop stop = new SignalStop()) {
                stop.signal();
                stop.awaitSignal();
            }
        }).isInstanceOf(StoppedException.class);
    }
}
