package com.scalesense.protocol;

/**
 * The bytes are not a message of this contract: not JSON, a value of the wrong JSON type, a
 * duplicate key, NaN or Infinity, trailing tokens, a number out of range, too big, or an
 * unknown schema_version. Nothing in it can be trusted, so it is rejected as a whole.
 * Also thrown by {@link WireCodec#encode} for a value JSON cannot carry (a non-finite number).
 */
public class MalformedMessageException extends ProtocolException {

    private static final long serialVersionUID = 1L;

    private final String path;
    private final String rule;

    /**
     * Both parts may quote the sender's bytes (a field name, a parser's view of a bad token), so
     * both are made log-safe by {@link SafeText#line}.
     *
     * @param path JSON path where reading stopped, e.g. {@code readings[3].level_pct}, or {@code $}
     * @param rule what was expected there
     */
    public MalformedMessageException(String path, String rule, Throwable cause) {
        super(SafeText.line(path) + ": " + SafeText.line(rule), cause);
        this.path = SafeText.line(path);
        this.rule = SafeText.line(rule);
    }

    public MalformedMessageException(String path, String rule) {
        this(path, rule, null);
    }

    /** JSON path where the message broke the contract; {@code $} for the whole message. */
    public String path() {
        return path;
    }

    /** The rule broken there. */
    public String rule() {
        return rule;
    }
}
