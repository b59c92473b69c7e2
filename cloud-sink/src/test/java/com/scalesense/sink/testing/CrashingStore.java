package com.scalesense.sink.testing;

import com.scalesense.sink.store.ForwardingSinkStore;
import com.scalesense.sink.store.SinkStore;

/**
 * Passes every call to the real store and "crashes" (throws {@link Crash}) right after the
 * {@code crashAfter}-th write has reached DynamoDB: the Lambda dying between two writes, which a
 * real table cannot be made to do on demand. Reads pass through uncounted.
 */
public final class CrashingStore extends ForwardingSinkStore {

    /** The simulated death of the process. */
    public static final class Crash extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Crash(int step) {
            super("simulated crash after write step " + step);
        }
    }

    private final int crashAfter;
    private int writes;

    /** @param crashAfter 1-based write step after which to crash; {@code Integer.MAX_VALUE} never crashes */
    public CrashingStore(SinkStore real, int crashAfter) {
        super(real);
        this.crashAfter = crashAfter;
    }

    /** Write steps done so far. */
    public int writes() {
        return writes;
    }

    @Override
    protected void write(WriteStep step, Runnable write) {
        write.run();
        writes++;
        if (writes == crashAfter) {
            throw new Crash(writes);
        }
    }
}
