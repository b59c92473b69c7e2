package com.scalesense.agent.store;

import java.util.List;
import java.util.Optional;

/**
 * Non-volatile settings of one scale: calibration, tare, keg assignment, config overrides and
 * the boot counter. Small typed records in, the same records out.
 *
 * <p>Guarantees: a write is atomic and durable when it returns, or it throws and every value is
 * as before (readers never see half a write, also after a power cut). A damaged file is never
 * silently replaced by defaults: it is moved aside and the last good snapshot (refreshed after
 * every commit) restored; if none is usable the store starts empty and {@link #status()} says so.
 * Thread-safe.
 */
public interface NvsStore extends AutoCloseable {

    <T extends Record> Optional<T> get(StoreKey<T> key);

    /** Stores one value durably. */
    <T extends Record> void put(StoreKey<T> key, T value);

    /** Stores several values in one transaction: all or none (e.g. calibration with its tare). */
    void putAll(List<Write<?>> writes);

    /** Removes a value durably; absent keys are ignored. */
    void remove(StoreKey<?> key);

    /** Increments and returns the boot counter (1 on the first start); call once per start. */
    long nextBoot();

    /** The boot counter as last stored, 0 before the first start; for the status page. */
    long bootCount();

    NvsStatus status();

    @Override
    void close();

    /** One value to write in {@link #putAll}. */
    record Write<T extends Record>(StoreKey<T> key, T value) {
    }
}
