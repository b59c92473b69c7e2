package com.scalesense.protocol;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The idempotency key of a batch: {@code {hardware_id}_{boot_id}_{window_start_ms}_{window_end_ms}}
 * (seed 001). Within one boot the agent keeps windows strictly increasing, so two batches never
 * share an id even if the wall clock steps back.
 *
 * <p>One window, one id: the window ends are written as exactly the decimal digits of the epoch
 * milliseconds, with no sign and no leading zero ({@code 0} itself is {@code 0}), so
 * {@link #parse} refuses {@code …_01704067200000_…}, which would otherwise name the same window
 * under a second id and let the same readings be stored twice.
 *
 * @param hardwareId    MAC address, upper case, colon separated
 * @param bootId        UUID v4
 * @param windowStartMs epoch milliseconds, inclusive
 * @param windowEndMs   epoch milliseconds, inclusive, {@code >= windowStartMs}
 */
public record BatchId(String hardwareId, String bootId, long windowStartMs, long windowEndMs) {

    /** Seed 001: max 256 characters. */
    public static final int MAX_LENGTH = 256;

    private static final Pattern SHAPE = Pattern.compile(
            "^([0-9A-F]{2}(?::[0-9A-F]{2}){5})_([0-9a-fA-F-]{36})_(0|[1-9][0-9]{0,12})_(0|[1-9][0-9]{0,12})$");

    public BatchId {
        Objects.requireNonNull(hardwareId, "hardware_id must not be null.");
        Objects.requireNonNull(bootId, "boot_id must not be null.");
        if (windowStartMs < 0) {
            throw new ProtocolException("window_start_ms must not be negative, was " + windowStartMs + ".");
        }
        if (windowEndMs < windowStartMs) {
            throw new ProtocolException("window_end_ms must not be before window_start_ms, was "
                    + windowEndMs + " < " + windowStartMs + ".");
        }
    }

    /**
     * Parses the wire form.
     *
     * @throws ProtocolException naming the rule when {@code text} is not of the form above
     */
    public static BatchId parse(String text) {
        if (text == null) {
            throw new ProtocolException("batch_id must not be null.");
        }
        if (text.length() > MAX_LENGTH) {
            throw new ProtocolException("batch_id must be at most " + MAX_LENGTH + " characters, was "
                    + text.length() + ".");
        }
        var m = SHAPE.matcher(text);
        if (!m.matches()) {
            throw new ProtocolException("batch_id must be {hardware_id}_{boot_id}_{window_start_ms}_{window_end_ms},"
                    + " each window end the digits of its epoch ms without leading zeros, was '"
                    + SafeText.quote(text) + "'.");
        }
        return new BatchId(m.group(1), m.group(2), Long.parseLong(m.group(3)), Long.parseLong(m.group(4)));
    }

    /** The wire form. */
    @Override
    public String toString() {
        return hardwareId + '_' + bootId + '_' + windowStartMs + '_' + windowEndMs;
    }
}
