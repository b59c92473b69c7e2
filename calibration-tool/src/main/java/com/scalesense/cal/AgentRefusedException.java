package com.scalesense.cal;

/**
 * The agent answered and refused the request, with its code and reason; nothing changed on the
 * scale. The exit status follows the code (docs/control-socket.md): a bad field is a usage
 * error (2), a refused measurement or fit is a failed check (1), the agent stopping is
 * unreachable (3), too many connections is busy (4).
 */
public final class AgentRefusedException extends CalException {

    private static final long serialVersionUID = 1L;
    private final String code;

    public AgentRefusedException(String code, String message, Throwable cause) {
        super(message, cause);
        this.code = code;
    }

    @Override
    public int exitCode() {
        return switch (code) {
            case "bad_request" -> ExitCodes.USAGE;
            case "fit_rejected", "not_stable", "not_empty", "not_calibrated", "no_keg", "implausible_tare", "no_candidate", "failed",
                 "no_samples", "not_simulated" ->
                    ExitCodes.REFUSED;
            case "interrupted" -> ExitCodes.AGENT_UNREACHABLE;
            case "busy" -> ExitCodes.STORES_BUSY;
            default -> ExitCodes.INTERNAL;
        };
    }

    @Override
    public String code() {
        return code;
    }
}
