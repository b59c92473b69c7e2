package com.scalesense.cal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.scalesense.control.ControlClient;
import com.scalesense.cal.output.Json;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * What every {@code scale-cal} command shares: the context, where the agent is, and printing one
 * result either as labelled lines or (with {@code --json}) as one JSON object.
 */
public abstract class ScaleCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    /** This command's picocli model (for usage errors that name the option). */
    protected CommandSpec spec() {
        return spec;
    }

    /** The root command, holding the options every command inherits. */
    protected abstract ScaleCal root();

    protected CliContext io() {
        return root().context();
    }

    /** {@code --json} was given (before or after the command name). */
    public boolean json() {
        return root().json();
    }

    protected Locations locations() {
        return root().locations();
    }

    protected ScaleLink link() {
        return new ScaleLink(locations());
    }

    /** Prints {@code value} as one JSON line, or {@code human} line by line. */
    protected void emit(Object value, List<String> human) {
        if (json()) {
            io().out().println(Json.line(value));
        } else {
            human.forEach(io().out()::println);
        }
        io().out().flush();
        StdoutClosedException.check(io().out());
    }

    /** {@code value} as a JSON object with {@code source} set to where it came from: agent or stores. */
    protected static ObjectNode sourced(Object value, String source) {
        ObjectNode node = Json.object().put("source", source);
        node.setAll((ObjectNode) Json.tree(value));
        return node;
    }

    /**
     * Runs a request that needs the running agent (it measures); no agent is
     * {@link AgentUnreachableException}, exit 3, with nothing done.
     */
    protected <T> T agent(String command, Function<ControlClient, T> request) {
        try {
            return link().call(request);
        } catch (AgentUnreachableException e) {
            throw e.neededBy(command);
        }
    }

    /**
     * Asks the agent; if it does not answer (or with {@code direct}), opens its stores instead and
     * says so. The stores are opened only under the state directory's lock, so never while the
     * agent has them: then {@link StoresBusyException}, exit 4.
     */
    protected <A, S> void agentOrStores(boolean direct, Function<ControlClient, A> ask, Function<A, List<String>> askText,
                                        Function<DirectStores, S> read, Function<S, List<String>> readText) {
        AgentUnreachableException why = null;
        if (!direct) {
            try {
                A answer = link().call(ask);
                emit(sourced(answer, "agent"), askText.apply(answer));
                return;
            } catch (AgentUnreachableException e) {
                why = e;
                notice(e.getMessage());
                notice("the agent is not running: opening its stores in " + locations().stateDir() + " directly");
            }
        }
        try (DirectStores stores = DirectStores.open(locations(), io().clock(), why)) {
            S stored = read.apply(stores);
            emit(sourced(stored, "stores"), readText.apply(stored));
        }
    }

    /** A notice for the technician; stderr, so stdout stays a clean result for scripts. */
    protected void notice(String text) {
        io().err().println("scale-cal: " + text);
        io().err().flush();
    }
}
