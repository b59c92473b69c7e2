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
    private boolean acknowledged;
    private boolean pending;

    RegistrationGate(Publisher publisher, BootAnnouncement announcement, Object lock, Consumer<String> onFailure) {
        this.publisher = publisher;
        this.announcement = announcement;
        this.lock = lock;
        this.onFailure = onFailure;
    }

    /** The next connection needs a registration of its own. */
    void connectionLost() {
        acknowledged = false;
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
        });
        return acknowledged;
    }
}
