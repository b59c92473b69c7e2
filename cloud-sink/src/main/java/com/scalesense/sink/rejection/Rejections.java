package com.scalesense.sink.rejection;

import java.util.List;

/** The quarantine: where every rejected message is kept for an operator to see (docs/cloud.md). */
public interface Rejections {

    /** Keeps one rejection; a store failure throws, so the message is retried rather than lost unseen. */
    void keep(Rejection rejection);

    /**
     * Keeps one rejection with the whole message, marked held for a replay once the registration is
     * fixed (a batch refused only by a {@link com.scalesense.sink.FixableRejectionException}); a
     * store failure throws, so the message is retried rather than lost. A quarantine that cannot
     * hold keeps the rejection alone.
     */
    default void hold(Rejection rejection, byte[] payload) {
        keep(rejection);
    }

    /** The newest rejections of one device, newest first, at most {@code limit}. */
    List<Rejection> recent(String deviceId, int limit);
}
