package com.scalesense.cal;

import com.scalesense.control.ControlClient;
import com.scalesense.control.ControlException;
import java.io.UncheckedIOException;
import java.util.function.Function;

/**
 * The way to the running agent: every request goes through the agent's own
 * {@link ControlClient}, and its failures become {@code scale-cal}'s outcomes: no answer on the
 * socket is {@link AgentUnreachableException}, a refusal is {@link AgentRefusedException} with the
 * agent's code and reason.
 */
public final class ScaleLink {

    private final Locations locations;
    private final ControlClient client;

    public ScaleLink(Locations locations) {
        this.locations = locations;
        this.client = new ControlClient(locations.socket());
    }

    public Locations locations() {
        return locations;
    }

    /** Runs one request (or a sequence of them) against the agent. */
    public <T> T call(Function<ControlClient, T> request) {
        try {
            return request.apply(client);
        } catch (ControlException e) {
            throw new AgentRefusedException(e.code(), e.getMessage(), e);
        } catch (UncheckedIOException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new AgentUnreachableException(locations.socket(), cause.getClass().getSimpleName() + ": "
                    + cause.getMessage(), e);
        }
    }
}
