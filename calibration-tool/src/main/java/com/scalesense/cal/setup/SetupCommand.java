package com.scalesense.cal.setup;

import com.scalesense.agent.config.AgentConfigLoader;
import com.scalesense.agent.config.ConfigError;
import com.scalesense.agent.config.ConfigException;
import com.scalesense.agent.config.ConfigKey;
import com.scalesense.agent.config.ConfigSource;
import com.scalesense.cal.ScaleCal;
import com.scalesense.cal.ScaleCommand;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code scale-cal setup}: gives a freshly installed scale its identity and broker without a text
 * editor. Answers come from flags, or (on a terminal) from questions for the ones missing. Every
 * answer is checked (the field and the rule named), then the whole new agent.conf as the agent would
 * load it, then a test connection to the broker; only then is agent.conf replaced (atomically,
 * other settings kept) and the agent restarted. Any failure leaves agent.conf as it was.
 */
@Command(name = "setup", mixinStandardHelpOptions = true,
        description = {"Give this scale its identity and broker: writes agent.conf and restarts the agent.",
            "Asks for what no flag gives, when run on a terminal. Checks every value, then connects to the "
                + "broker once (TLS: the broker's certificate chain and name, and the device certificate), "
                + "and changes nothing if any check fails."},
        footerHeading = "%nExamples:%n", footer = {
            "  sudo scale-cal setup",
            "  sudo scale-cal setup --device-id SCALE-0042 --loc-id loc-001 --tap 7 \\",
            "       --broker ssl://abc123-ats.iot.eu-west-1.amazonaws.com:8883 \\",
            "       --ca-file /etc/scale-sense/AmazonRootCA1.pem \\",
            "       --cert-file /etc/scale-sense/device.pem.crt \\",
            "       --key-file /etc/scale-sense/private.pem.key"})
public final class SetupCommand extends ScaleCommand {

    @ParentCommand
    private ScaleCal root;

    @Option(names = "--hardware-id", paramLabel = "MAC",
            description = "device.hardware_id (default: the MAC of eth0, else wlan0).")
    private String hardwareId;

    @Option(names = "--device-id", paramLabel = "ID", description = "device.device_id, like SCALE-0042.")
    private String deviceId;

    @Option(names = "--loc-id", paramLabel = "LOC", description = "device.loc_id, like loc-001.")
    private String locId;

    @Option(names = "--tap", paramLabel = "TAP", description = "The tap number (7) or device.tap_id (loc-001#TAP#07).")
    private String tap;

    @Option(names = "--broker", paramLabel = "URI",
            description = "mqtt.broker_uri: tcp://host:1883 or ssl://host:8883 (default: keep the current one).")
    private String broker;

    @Option(names = "--ca-file", paramLabel = "PEM", description = "mqtt.tls.ca_file: the CA of the broker's certificate (ssl://).")
    private String caFile;

    @Option(names = "--cert-file", paramLabel = "PEM", description = "mqtt.tls.cert_file: this device's certificate (mutual TLS).")
    private String certFile;

    @Option(names = "--key-file", paramLabel = "PEM", description = "mqtt.tls.key_file: this device's private key (mutual TLS).")
    private String keyFile;

    @Option(names = "--no-connection-test", description = "Write without connecting to the broker (it is not reachable from here yet).")
    private boolean noConnectionTest;

    @Option(names = "--no-restart", description = "Write agent.conf but leave the agent as it is.")
    private boolean noRestart;

    /** A Pi's network interfaces, for the default hardware id. */
    private final Path sysClassNet = Path.of("/sys/class/net");
    private final AgentService service = AgentService.system();

    @Override
    protected ScaleCal root() {
        return root;
    }

    @Override
    public Integer call() {
        AgentConfFile conf = AgentConfFile.read(root.configFile());
        ConfigSource current = ConfigSource.load(Optional.of(conf.path()), true, io().env());
        ScaleIdentity identity = ScaleIdentity.validated(answers(current));
        Path staged;
        try {
            staged = conf.stage(conf.with(identity.settings()));
        } catch (UncheckedIOException e) {
            throw SetupException.cannotWrite(e.getMessage() + " (run  sudo scale-cal setup)");
        }
        try {
            checkAsTheAgentWould(staged);
            if (identity.broker() != null && !noConnectionTest) {
                BrokerCheck.connect(identity);
                io().out().println("broker " + identity.broker() + " accepted " + identity.deviceId()
                        + ("ssl".equals(identity.broker().getScheme()) ? " (TLS chain and name checked)" : ""));
            }
            conf.replaceWith(staged);
        } finally {
            deleteQuietly(staged);
        }
        io().out().println("wrote " + conf.path() + ": " + identity.deviceId() + " at " + identity.tapId());
        io().out().flush();
        if (!noRestart) {
            service.restart(io().out(), io().err());
        }
        return 0;
    }

    /** Flags first; a terminal is asked for the rest, showing what agent.conf has now as the default. */
    private ScaleIdentity.Answers answers(ConfigSource current) {
        Asker ask = new Asker(current);
        String hw = ask.value(hardwareId, "Hardware id (MAC)", ConfigKey.DEVICE_HARDWARE_ID,
                macOfThisPi());
        String dev = ask.value(deviceId, "Device id (like SCALE-0042)", ConfigKey.DEVICE_DEVICE_ID, null);
        String loc = ask.value(locId, "Location id (like loc-001)", ConfigKey.DEVICE_LOC_ID, null);
        String tapAnswer = ask.value(tap, "Tap number (like 7)", ConfigKey.DEVICE_TAP_ID, null);
        String uri = ask.value(broker, "Broker (tcp://host:1883 or ssl://host:8883)",
                ConfigKey.MQTT_BROKER_URI, null);
        boolean ssl = uri != null && uri.startsWith("ssl://");
        String ca = ssl ? ask.value(caFile, "CA certificate file (PEM)", ConfigKey.MQTT_TLS_CA_FILE, null) : caFile;
        String cert = ssl ? ask.value(certFile, "Device certificate file (PEM, empty: none)",
                ConfigKey.MQTT_TLS_CERT_FILE, null) : certFile;
        String key = ssl && cert != null ? ask.value(keyFile, "Device private key file (PEM)",
                ConfigKey.MQTT_TLS_KEY_FILE, null) : keyFile;
        return new ScaleIdentity.Answers(hw, dev, loc, tapAnswer, uri, ca, cert, key);
    }

    /** The agent's own loader on the new file: what it would refuse at start is refused now. */
    private void checkAsTheAgentWould(Path staged) {
        try {
            AgentConfigLoader.load(ConfigSource.load(Optional.of(staged), false, io().env()), false);
        } catch (ConfigException e) {
            throw SetupException.invalid("the agent would not start with this agent.conf:\n  "
                    + e.errors().stream().map(ConfigError::describe).collect(Collectors.joining("\n  ")));
        }
    }

    /** The MAC of eth0 (a Pi's wired port), else wlan0, upper case; null if neither exists. */
    private String macOfThisPi() {
        for (String nic : List.of("eth0", "wlan0")) {
            try {
                Path address = sysClassNet.resolve(nic).resolve("address");
                if (Files.isReadable(address)) {
                    return Files.readString(address, StandardCharsets.UTF_8).strip().toUpperCase(Locale.ROOT);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return null;
    }

    private static void deleteQuietly(Path staged) {
        try {
            Files.deleteIfExists(staged);
        } catch (IOException e) {
            // a leftover .agent.conf.*.new in /etc/scale-sense is harmless: the agent reads agent.conf only
        }
    }

    /** Asks on a terminal only; off a terminal a missing answer stays missing and validation names it. */
    private final class Asker {
        private final ConfigSource current;

        Asker(ConfigSource current) {
            this.current = current;
        }

        String value(String flag, String question, ConfigKey key, String fallback) {
            if (flag != null) {
                return flag;
            }
            String now = current.get(key).text();
            String preset = now.isEmpty() ? fallback : now;
            if (!io().terminal()) {
                return preset;
            }
            io().err().print(question + (preset == null ? "" : " [" + preset + "]") + ": ");
            io().err().flush();
            try {
                String line = io().in().readLine();
                String answer = line == null ? "" : line.strip();
                return answer.isEmpty() ? preset : answer;
            } catch (IOException e) {
                throw new UncheckedIOException("stdin: " + e.getMessage(), e);
            }
        }
    }
}
