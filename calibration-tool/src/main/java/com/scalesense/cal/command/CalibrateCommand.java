package com.scalesense.cal.command;

import com.scalesense.control.ControlClient;
import com.scalesense.control.Replies;
import com.scalesense.cal.AgentRefusedException;
import com.scalesense.cal.CalException;
import com.scalesense.cal.DeclinedException;
import com.scalesense.cal.ExitCodes;
import com.scalesense.cal.TopCommand;
import com.scalesense.cal.output.Json;
import com.scalesense.cal.output.ResultText;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code calibrate}: known weights on the platform, one point each; the agent fits the line and
 * refuses a bad fit with the culprit point. Nothing reaches the scale before the commit, and a
 * refused or unconfirmed calibration leaves the one in use untouched.
 */
@Command(name = "calibrate", mixinStandardHelpOptions = true,
        description = {"Guided calibration: place a known weight, enter its mass, repeat (0 kg = empty platform; "
                + "3 or more points let the fit check itself). Shows each point's residual against the fitted "
                + "line and refuses a bad fit with the reason (exit 1, nothing changed).",
            "Scripted: --point KG for each weight in order (Enter on stdin when it is in place) and --yes to "
                + "commit without asking."},
        footerHeading = "%nExamples:%n", footer = {
            "  scale-cal calibrate",
            "  printf '\\n\\n\\n' | scale-cal calibrate --point 0 --point 20 --point 50 --yes"})
public final class CalibrateCommand extends TopCommand {

    /** Largest known weight the agent accepts, kg (control socket: known_kg 0..10000). */
    static final double MAX_KG = 10_000;

    @Option(names = "--point", paramLabel = "KG",
            description = "A known weight in kg, in the order they go on the platform (repeat; at least 2).")
    private List<Double> points = new ArrayList<>();

    @Option(names = "--yes", description = "Commit a good fit without asking.")
    private boolean yes;

    @Override
    public Integer call() {
        for (double kg : points) {
            Arguments.inRange(spec(), "--point", kg, 0, MAX_KG);
        }
        Prompter prompter = new Prompter(io());
        // Points of an abandoned earlier run must not mix into this fit.
        agent("calibrate", ControlClient::calibrateCancel);
        try {
            Replies.Session measured = points.isEmpty() ? interactive(prompter) : scripted(prompter);
            Replies.Session fitted = fit(measured);
            if (!json()) {
                ResultText.session(fitted).forEach(io().out()::println);
                io().out().flush();
            }
            if (!yes && !prompter.confirm("Commit this calibration? [y/N] ")) {
                throw new DeclinedException("calibration");
            }
            Replies.CalibrationInfo committed = agent("calibrate", ControlClient::calibrateCommit);
            var result = Json.object();
            result.set("session", Json.tree(fitted));
            result.set("committed", Json.tree(committed));
            emit(result, List.of("calibration committed: " + ResultText.calibration(committed)));
            return ExitCodes.OK;
        } catch (CalException e) {
            cancelQuietly();
            throw e;
        }
    }

    private Replies.Session scripted(Prompter prompter) {
        Replies.Session session = null;
        for (double kg : points) {
            if (!prompter.pause(String.format(Locale.ROOT, "Place %.3f kg on the platform, keep it still, press Enter.", kg))) {
                throw new DeclinedException("calibration (stdin ended before point " + format(kg) + ")");
            }
            session = add(kg);
        }
        return session;
    }

    private Replies.Session interactive(Prompter prompter) {
        Replies.Session session = null;
        while (true) {
            String answer = prompter.ask("Known weight on the platform in kg (0 = empty platform; Enter alone to fit): ");
            if (answer == null) {
                throw new DeclinedException("calibration (stdin ended)");
            }
            if (answer.isEmpty()) {
                if (session != null && session.points().size() >= 2) {
                    return session;
                }
                io().err().println("at least 2 points are needed, e.g. 0 and a known weight");
                continue;
            }
            Double kg = parse(answer);
            if (kg == null) {
                io().err().println("weight = '" + answer + "': must be a number of kg in 0.." + format(MAX_KG));
                continue;
            }
            try {
                session = add(kg);
            } catch (AgentRefusedException e) {
                io().err().println("point not taken: " + e.getMessage());
            }
        }
    }

    private Replies.Session add(double kg) {
        Replies.Session s = agent("calibrate", c -> c.calibrateAdd(kg));
        Replies.Point p = s.points().get(s.points().size() - 1);
        if (!json()) {
            io().out().println(String.format(Locale.ROOT, "point %d: %s kg = %.0f counts (noise %.1f counts rms, %d samples)",
                    s.points().size(), format(kg), p.counts(), p.stdCounts(), p.samples()));
            io().out().flush();
        }
        return s;
    }

    private Replies.Session fit(Replies.Session measured) {
        try {
            return agent("calibrate", ControlClient::calibrateFit);
        } catch (AgentRefusedException e) {
            if (!json()) {
                ResultText.session(measured).forEach(io().out()::println);
                io().out().println("fit REFUSED: " + e.getMessage());
                io().out().flush();
            }
            throw e;
        }
    }

    private void cancelQuietly() {
        try {
            link().call(ControlClient::calibrateCancel);
        } catch (CalException e) {
            io().err().println("scale-cal: could not cancel the calibration session: " + e.getMessage());
        }
    }

    private static Double parse(String text) {
        try {
            double kg = Double.parseDouble(text);
            return kg >= 0 && kg <= MAX_KG ? kg : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static String format(double kg) {
        return String.format(Locale.ROOT, "%.3f", kg);
    }
}
