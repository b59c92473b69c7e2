package com.scalesense.demo.cloud;

import com.scalesense.sink.store.ForwardingSinkStore;
import com.scalesense.sink.store.SinkStore;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The sink's real DynamoDB store with one injectable fault: once armed, the next batches die
 * right after their readings and tap state were written and before their commit, the way a
 * Lambda killed mid-invocation leaves them. A real table cannot be made to fail there on demand.
 */
public final class FaultySinkStore extends ForwardingSinkStore {

    /** The simulated death of the sink in the middle of a batch. */
    public static final class SinkCrash extends RuntimeException {
        private static final long serialVersionUID = 1L;

        SinkCrash() {
            super("simulated sink crash between the tap state write and the commit");
        }
    }

    private final AtomicInteger crashesLeft = new AtomicInteger();
    private final AtomicInteger crashes = new AtomicInteger();

    public FaultySinkStore(SinkStore real) {
        super(real);
    }

    /** The next {@code batches} batch ingestions crash before their commit. */
    public void crashNext(int batches) {
        crashesLeft.set(batches);
    }

    /** Crashes so far. */
    public int crashes() {
        return crashes.get();
    }

    @Override
    protected void write(WriteStep step, Runnable write) {
        if (step == WriteStep.COMMIT && crashesLeft.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
            crashes.incrementAndGet();
            throw new SinkCrash();
        }
        write.run();
    }
}
