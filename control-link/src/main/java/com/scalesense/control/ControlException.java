package com.scalesense.control;

/**
 * A control request was refused or failed; nothing changed. On the wire it becomes
 * {@code {"ok":false,"error":{"code":...,"message":...}}}; {@link ControlClient} throws it again
 * with the same code and message. The root of control-link's exceptions: unchecked, like the
 * agent's {@code AgentException}, which it no longer extends so that the client needs no agent.
 */
public class ControlException extends RuntimeException {

    private static final long serialVersionUID = 1L;
    private final String code;

    /**
     * @param code    machine-readable reason, e.g. {@code bad_request}, {@code not_stable}, {@code fit_rejected}
     * @param message names the field, the value and the rule
     */
    public ControlException(String code, String message) {
        super(message);
        this.code = code;
    }

    /** A request field broke a rule. */
    public static ControlException badField(String field, Object value, String rule) {
        String v = String.valueOf(value);
        return new ControlException("bad_request", field + " = '" + (v.length() > 64 ? v.substring(0, 64) + "…" : v)
                + "': " + rule);
    }

    /** A request only a simulated scale ({@code scale-agent --simulate}) can answer. */
    public static ControlException notSimulated() {
        return new ControlException("not_simulated", "only on a simulated scale (scale-agent --simulate): "
                + "on this scale put real weights on the platform");
    }

    public String code() {
        return code;
    }
}
