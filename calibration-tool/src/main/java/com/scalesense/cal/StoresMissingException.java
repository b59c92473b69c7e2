package com.scalesense.cal;

import java.nio.file.Path;

/** The agent is not running and the state directory holds no NVS store: nothing to read. */
public final class StoresMissingException extends CalException {

    private static final long serialVersionUID = 1L;

    public StoresMissingException(Path nvsFile, AgentUnreachableException cause) {
        super("the agent is not running and there is no NVS store at " + nvsFile
                + ": has the agent ever run with this state.dir? (--config, --state-dir)", cause);
    }

    @Override
    public int exitCode() {
        return ExitCodes.AGENT_UNREACHABLE;
    }

    @Override
    public String code() {
        return "no_stores";
    }
}
