package com.scalesense.agent.operations;

import com.scalesense.control.ControlException;
import com.scalesense.agent.control.ControlService;
import com.scalesense.agent.pipeline.LowKegRule;
import com.scalesense.agent.uplink.CommandHandler;
import com.scalesense.protocol.DeviceCommand;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies the cloud's commands (already decoded, validated and de-duplicated by the
 * {@code CommandInbox}) through the same serialized operations as the control socket.
 * {@code assign_keg} takes {@code args.keg_id}, {@code args.keg_type}, the optional
 * {@code args.beer_id} (null leaves the beer unknown) and {@code args.sg} (default 1.0).
 * {@code reload_config} asks the agent to restart: every setting is read once at start-up, so a
 * restart by systemd (exit status {@link #RESTART_EXIT_STATUS}, {@code Restart=on-failure}) is
 * how new settings take effect, after a graceful shutdown that seals and keeps every reading.
 * {@code set_low_keg} takes {@code args.low_keg_pct} and {@code args.grace_period_secs} (checked by
 * the protocol's validator) with the command's issued_at_ms as the rule's version: the scale stores
 * the location's low-keg rule and follows it (issue 18), unless it holds one issued later.
 */
public final class CloudCommands implements CommandHandler {

    /** EX_TEMPFAIL (sysexits.h): "try again", and non-zero so that systemd restarts the unit. */
    static final int RESTART_EXIT_STATUS = 75;
    /** seed 000: specific gravity defaults to 1.0 when a command does not give one. */
    private static final double DEFAULT_SG = 1.0;

    private static final Logger LOG = LoggerFactory.getLogger(CloudCommands.class);

    private final ControlService control;
    private final Runnable restart;
    private final LowKegRules lowKeg;

    /** Where a {@code set_low_keg} goes: stores the rule and follows it, unless one issued later is in use. */
    @FunctionalInterface
    public interface LowKegRules {

        /** @return false when a rule issued later is in use and nothing changed */
        boolean apply(LowKegRule rule);
    }

    /** Refuses {@code set_low_keg} (a control service without a scale to follow it). */
    public CloudCommands(ControlService control, Runnable restart) {
        this(control, rule -> {
            throw new ControlException("unsupported", "set_low_keg: this agent keeps no low-keg rule");
        }, restart);
    }

    public CloudCommands(ControlService control, LowKegRules lowKeg, Runnable restart) {
        this.control = control;
        this.lowKeg = lowKeg;
        this.restart = restart;
    }

    @Override
    public void handle(DeviceCommand command) {
        LOG.info("cloud command {} ({})", command.commandId(), command.type());
        switch (command.type()) {
            case "tare_empty" -> control.tareKeg("empty");
            case "tare_full" -> control.tareKeg("full");
            case "assign_keg" -> control.assignKeg(command.args().get("keg_id"), command.args().get("beer_id"),
                    command.args().get("keg_type"), sg(command.args().get("sg")), full(command.args().get("full")));
            case "reload_config" -> restart.run();
            case "set_low_keg" -> lowKeg(command);
            default -> throw new ControlException("bad_request", "type = '" + command.type() + "': not a known command");
        }
    }

    /** The {@code full} argument: "true" (a new keg, full from the brewery), "false" or absent. */
    private static boolean full(String text) {
        if (text == null || text.equals("false")) {
            return false;
        }
        if (text.equals("true")) {
            return true;
        }
        throw ControlException.badField("args.full", text, "must be true or false when given");
    }

    private void lowKeg(DeviceCommand command) {
        LowKegRule rule;
        try {
            rule = new LowKegRule(Double.parseDouble(command.args().get("low_keg_pct")),
                    Long.parseLong(command.args().get("grace_period_secs")), command.issuedAtMs());
        } catch (RuntimeException e) {
            // The validator checked both; this is a second line behind it, naming the same fields.
            throw new ControlException("bad_request", "set_low_keg: " + e.getMessage());
        }
        if (!lowKeg.apply(rule)) {
            LOG.info("set_low_keg {} ignored: a rule issued later is in use", command.commandId());
        }
    }

    private static double sg(String text) {
        if (text == null) {
            return DEFAULT_SG;
        }
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw ControlException.badField("args.sg", text, "must be a specific gravity like 1.014");
        }
    }
}
