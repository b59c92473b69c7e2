package com.scalesense.cal.setup;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Restarts scale-agent.service after setup, so the agent reads the new identity. Only where systemd
 * runs (its runtime directory exists, as sd_booted(3) checks); elsewhere (a container, CI, a
 * chroot) it says what to run instead of failing.
 *
 * @param systemdRuntime /run/systemd/system on a real system; a test passes a directory of its own
 * @param systemctl      the command that restarts the unit
 */
record AgentService(Path systemdRuntime, List<String> systemctl) {

    static final String UNIT = "scale-agent.service";

    static AgentService system() {
        return new AgentService(Path.of("/run/systemd/system"), List.of("systemctl", "restart", UNIT));
    }

    /** Restarts the agent, or says why not and what to run; true if it was restarted. */
    boolean restart(PrintWriter out, PrintWriter err) {
        if (!Files.isDirectory(systemdRuntime)) {
            err.println("scale-cal: systemd is not running here: start the agent with  sudo systemctl restart " + UNIT);
            return false;
        }
        try {
            Process p = new ProcessBuilder(systemctl).inheritIO().start();
            int status = p.waitFor();
            if (status == 0) {
                out.println("restarted " + UNIT + " (journalctl -u scale-agent -f shows its first readings)");
                return true;
            }
            err.println("scale-cal: " + String.join(" ", systemctl) + " exited " + status
                    + ": run it as root (sudo), then  systemctl status scale-agent");
        } catch (IOException e) {
            err.println("scale-cal: cannot run " + String.join(" ", systemctl) + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("scale-cal: interrupted while restarting " + UNIT);
        }
        return false;
    }
}
