package com.scalesense.agent.uplink;

import com.scalesense.agent.publish.Publisher;
import java.util.function.Consumer;

/**
 * Holds batches back until this connection's boot registration has its PUBACK, so the sink has
 * the devices row (seed 001) before the first reading of a boot. Guarded by the uplink's lock.
 */
final class RegistrationGate {

    private final Publisher publisher;
    private final BootAnnouncement announcement;
    private final Object lock;
    private final Consumer<String> onFailure;
    private final Runnable onSettled;
    private boolean acknowledged;
    private boolean pending;

    /** @param onSettled runs after the registration's PUBACK or failure, so batches go out at once */
    RegistrationGate(Publisher publisher, BootAnnouncement announcement, Object lock, Consumer<String> onFailure,
            Runnable onSettled) {
        this.publisher = publisher;
        this.announcement = announcement;
        this.lock = lock;
        this.onFailure = onFailure;
        this.onSettled = onSettled;
    }

    /** The next connection needs a registration of its own. */
    void connectionLost() {
        acknowledged = false;
    }

    /** Sent on this connection, PUBACK not yet here. */
    boolean pending() {
        return pending;
    }

    boolean acknowledged() {
        return acknowledged;
    }

    /** True once acknowledged on this connection; otherwise sends it if {@code rate} allows one at {@code nowMs}. */
    boolean open(long nowMs, RateWindow rate) {
        if (acknowledged || pending || !rate.tryAcquire(nowMs)) {
            return acknowledged;
        }
        pending = true;
        publisher.publish(announcement.topic(), announcement.payload()).whenComplete((ok, error) -> {
            synchronized (lock) {
                pending = false;
                acknowledged = error == null;
                if (error != null) {
                    onFailure.accept("registration: " + error);
                }
            }
            onSettled.run();
        });
        return acknowledged;
    }
}
