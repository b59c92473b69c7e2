package com.scalesense.protocol;

import com.scalesense.protocol.internal.BatchRules;
import com.scalesense.protocol.internal.CommandRules;
import com.scalesense.protocol.internal.RecordRules;
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

    /**
     * Every violation of one reading to be sent under {@code header}, named as in a batch
     * ({@code readings[0].level_pct}); empty when it is valid. A reading taken before the clock was
     * set (clock_synced false) has the range rule of its timestamp_ms waived. The batch's own rules
     * (batch_id, window, counts) are not checked: the batcher forms those.
     */
    public List<Violation> check(RecordHeader header, Reading reading) {
        return RecordRules.check(header, reading);
    }

    /**
     * Every violation of one event to be sent under {@code header}, named as in a batch
     * ({@code events[0].start_ms}); like {@link #check(RecordHeader, Reading)}, an event timed
     * before the clock was set has the range rule of each of its times waived, never the order of
     * a pour's start and end.
     */
    public List<Violation> check(RecordHeader header, DeviceEvent event) {
        return RecordRules.check(header, event);
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
