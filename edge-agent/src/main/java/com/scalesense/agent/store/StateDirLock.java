package com.scalesense.agent.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Exclusive ownership of a state directory (NVS store and outbox) by one process: the running
 * agent, or {@code scale-cal} opening the stores itself while the agent is stopped. Never both:
 * two writers on one MapDB or SQLite file could each undo the other's tare or calibration.
 *
 * <p>Held as an OS advisory lock ({@link FileChannel#tryLock()}) on {@code <state_dir>/agent.lock},
 * so the kernel releases it when the holder dies, even by SIGKILL: a stale lock file never blocks
 * a restart. The file's text names the holder and its pid, for the refusal message only.
 */
public final class StateDirLock implements AutoCloseable {

    /**
     * rw-r-----: the agent's user writes it, the service group reads it, which is all a reader's
     * shared lock needs ({@link #acquireShared}). Set at creation, whatever the umask.
     */
    public static final Set<PosixFilePermission> MODE = PosixFilePermissions.fromString("rw-r-----");

    /** The lock file's name inside the state directory. */
    public static final String FILE_NAME = "agent.lock";

    private final Path file;
    private final FileChannel channel;
    private final FileLock lock;

    private StateDirLock(Path file, FileChannel channel, FileLock lock) {
        this.file = file;
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Takes the lock without waiting.
     *
     * @param stateDir the state directory; created if missing
     * @param holder   who takes it, e.g. {@code scale-agent} or {@code scale-cal}
     * @param pid      the taker's process id
     * @throws StateDirLockedException when another process (or another owner in this JVM) holds it
     * @throws UncheckedIOException    when the lock file cannot be created
     */
    public static StateDirLock acquire(Path stateDir, String holder, long pid) {
        Path file = stateDir.resolve(FILE_NAME);
        FileChannel channel = null;
        try {
            Files.createDirectories(stateDir);
            channel = FileChannel.open(file, Set.of(StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE), PosixFilePermissions.asFileAttribute(MODE));
            FileLock lock = tryLock(channel);
            if (lock == null) {
                channel.close();
                throw new StateDirLockedException(file, holderText(file));
            }
            channel.truncate(0);
            channel.write(ByteBuffer.wrap((holder + " pid " + pid + "\n").getBytes(StandardCharsets.UTF_8)), 0);
            channel.force(false);
            return new StateDirLock(file, channel, lock);
        } catch (IOException e) {
            closeQuietly(channel);
            throw new UncheckedIOException("lock file " + file + " cannot be created: " + e.getMessage(), e);
        }
    }

    /**
     * Takes a shared lock for reading a stopped scale's stores: it needs only read access to the
     * lock file (0640, group scale-sense), so a technician in the service group can take it; it
     * keeps the agent (which takes the exclusive lock) from starting meanwhile, and fails while the
     * agent runs. Other readers may hold it at the same time. Nothing is written.
     *
     * @throws StateDirLockedException when the agent (or another exclusive holder) holds it
     * @throws UncheckedIOException    when the lock file cannot be opened for reading; its cause says why
     *                                 ({@link java.nio.file.AccessDeniedException}: not in the group)
     */
    public static StateDirLock acquireShared(Path stateDir) {
        Path file = stateDir.resolve(FILE_NAME);
        FileChannel channel = null;
        try {
            if (Files.exists(file) && !Files.isRegularFile(file)) {
                // a directory opens for reading and locks on Linux; it is no lock the agent would see
                throw new java.nio.file.FileSystemException(file.toString(), null, "not a regular file");
            }
            channel = FileChannel.open(file, StandardOpenOption.READ);
            FileLock lock = tryLock(channel, true);
            if (lock == null) {
                channel.close();
                throw new StateDirLockedException(file, holderText(file));
            }
            return new StateDirLock(file, channel, lock);
        } catch (IOException e) {
            closeQuietly(channel);
            throw new UncheckedIOException("lock file " + file + " cannot be opened: " + e, e);
        }
    }

    private static FileLock tryLock(FileChannel channel) throws IOException {
        return tryLock(channel, false);
    }

    private static FileLock tryLock(FileChannel channel, boolean shared) throws IOException {
        try {
            return channel.tryLock(0, Long.MAX_VALUE, shared);
        } catch (OverlappingFileLockException e) {
            return null; // held by another owner inside this JVM (an in-process test agent)
        }
    }

    private static String holderText(Path file) {
        try {
            String text = Files.readString(file, StandardCharsets.UTF_8).strip();
            return text.isEmpty() ? "unknown holder" : text;
        } catch (IOException e) {
            return "unknown holder";
        }
    }

    /** The lock file. */
    public Path file() {
        return file;
    }

    /** Releases the lock; the file stays (removing it would race a new holder). Idempotent. */
    @Override
    public void close() {
        try {
            if (lock.isValid()) {
                lock.release();
            }
        } catch (IOException e) {
            // Closing the channel below releases the lock as well.
        }
        closeQuietly(channel);
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel == null) {
            return;
        }
        try {
            channel.close();
        } catch (IOException e) {
            // Nothing left to release: the kernel drops the lock with the descriptor.
        }
    }
}
