package com.scalesense.protocol;

import com.scalesense.protocol.internal.BatchRules;
import com.scalesense.protocol.internal.CommandRules;
import com.scalesense.protocol.internal.RegistrationRules;
import java.util.List;

/**
 * The rules of the contract (seed 001's validation rules plus ours, listed in
 * {@code docs/protocol.md}), in one place used by the scale before it sends and by the sink
 * before its first write. Every rule is checked and every violation reported, not only the
 * first. Stateless and thread-safe; patterns are compiled once and no reflection is used.
 */
public final class MessageValidator {

    /**
     * The {@link Violation#rule()} of an epoch-ms field outside seed 001's range
     * [2000-01-01, 2100-01-01): what a scale may waive for a time taken before its clock was set.
     */
    public static final String TIMESTAMP_RULE = Timestamps.RULE;

    /** Every violation of {@code batch}, in field order; empty when it is valid. */
    public List<Violation> check(ReadingsBatch batch) {
        return BatchRules.check(batch);
    }

    /** Every violation of {@code registration}; empty when it is valid. */
    public List<Violation> check(BootRegistration registration) {
        return RegistrationRules.check(registration);
    }

    /** Every violation of {@code command}; empty when it is valid. */
    public List<Violation> check(DeviceCommand command) {
        return CommandRules.check(command);
    }

    /** @throws InvalidMessageException carrying every violation, if there is one */
    public void requireValid(ReadingsBatch batch) {
        require("batch " + batch.batchId(), check(batch));
    }

    /** @throws InvalidMessageException carrying every violation, if there is one */
    public void requireValid(BootRegistration registration) {
        require("registration of " + registration.hardwareId(), check(registration));
    }

    /** @throws InvalidMessageException carrying every violation, if there is one */
    public void requireValid(DeviceCommand command) {
        require("command " + command.commandId(), check(command));
    }

    private static void require(String what, List<Violation> violations) {
        if (!violations.isEmpty()) {
            throw new InvalidMessageException(SafeText.quote(what), violations);
        }
    }
}
