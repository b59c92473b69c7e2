package com.scalesense.agent.config;

import static com.scalesense.agent.config.ConfigKey.*;

import com.scalesense.agent.batch.BatcherConfig;
import com.scalesense.agent.outbox.OutboxConfig;
import com.scalesense.agent.pipeline.LowKegRule;
import com.scalesense.agent.publish.Backoff;
import com.scalesense.agent.publish.MqttProtocol;
import com.scalesense.agent.publish.MqttSettings;
import com.scalesense.agent.publish.TlsSettings;
import com.scalesense.agent.uplink.UplinkSettings;
import com.scalesense.hal.SampleRate;
import com.scalesense.protocol.Ids;
import com.scalesense.protocol.Timestamps;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns a {@link ConfigSource} into an {@link AgentConfig}, checking every key; throws one
 * {@link ConfigException} listing all broken rules. With {@code simulate}, unset identity keys get
 * simulator values and an unset state directory becomes {@code ./scale-sense-state}.
 */
public final class AgentConfigLoader {

    /** The identity a simulated scale uses for keys left unset: a locally administered MAC (bit 1 of octet 0). */
    static final DeviceIdentity SIMULATED = new DeviceIdentity("02:00:00:00:00:01", "SIM-0001", "loc-001",
            "loc-001#TAP#01");
    /** Where a simulated scale keeps its state unless told otherwise (it must not need root). */
    static final Path SIMULATED_STATE_DIR = Path.of("scale-sense-state");
    /** A directory name under /sys/class/power_supply, e.g. BAT0 or max17048-0. */
    private static final Pattern POWER_SUPPLY_NAME = Pattern.compile("^[A-Za-z0-9_.-]{1,32}$");
    /** Paho's in-flight window unless the uplink needs more (MqttSettings.of's default). */
    private static final int PAHO_MIN_INFLIGHT = 20;

    private AgentConfigLoader() {
    }

    public static AgentConfig load(ConfigSource source, boolean simulate) {
        if (simulate) {
            defaultIfUnset(source, DEVICE_HARDWARE_ID, SIMULATED.hardwareId());
            defaultIfUnset(source, DEVICE_DEVICE_ID, SIMULATED.deviceId());
            defaultIfUnset(source, DEVICE_LOC_ID, SIMULATED.locId());
            defaultIfUnset(source, DEVICE_TAP_ID, SIMULATED.tapId());
            if (source.get(STATE_DIR).origin().equals("default")) {
                source.override(STATE_DIR, SIMULATED_STATE_DIR.toString(), "--simulate");
            }
        }
        ConfigReader r = new ConfigReader(source);
        DeviceIdentity device = device(r);
        Path stateDir = r.isSet(STATE_DIR) ? r.path(STATE_DIR) : null;
        if (stateDir == null) {
            r.fail(STATE_DIR, "must be a directory path");
            stateDir = Path.of(".");
        }
        Path socket = r.isSet(CONTROL_SOCKET) ? r.path(CONTROL_SOCKET) : stateDir.resolve("control.sock");
        HardwareConfig hardware = new HardwareConfig((int) r.integer(HX711_DOUT_PIN, 0, 27),
                (int) r.integer(HX711_SCK_PIN, 0, 27),
                r.oneOf(HX711_RATE, "10", "80").equals("80") ? SampleRate.SPS_80 : SampleRate.SPS_10,
                r.isSet(BATTERY_POWER_SUPPLY) ? r.matching(BATTERY_POWER_SUPPLY, POWER_SUPPLY_NAME,
                        "must be a power_supply name such as BAT0") : null,
                r.bool(TEMPERATURE_DS18B20));
        if (hardware.doutPin() == hardware.sckPin() && !r.hasErrors()) {
            r.fail(HX711_SCK_PIN, "must differ from hx711.dout_pin");
        }
        Duration readingInterval = r.duration(READING_INTERVAL, Duration.ofSeconds(1), Duration.ofHours(1));
        Duration swapMinEmpty = r.duration(SWAP_MIN_EMPTY, Duration.ZERO, Duration.ofMinutes(10));
        double lowKegPct = r.decimal(ALERTS_LOW_KEG_PCT, 0, 100);
        long graceSecs = r.integer(ALERTS_GRACE_PERIOD_SECS, 0, LowKegRule.MAX_GRACE_PERIOD_SECS);
        LowKegRule lowKeg = r.build(ALERTS_LOW_KEG_PCT, () -> new LowKegRule(lowKegPct, graceSecs, 0));
        long maxBytes = r.integer(OUTBOX_MAX_BYTES, OutboxConfig.MIN_MAX_BYTES, 1L << 40);
        Path statePath = stateDir;
        OutboxConfig outbox = r.build(OUTBOX_MAX_BYTES, () -> new OutboxConfig(statePath.resolve(OutboxConfig.FILE_NAME), maxBytes));
        int maxReadings = (int) r.integer(BATCH_MAX_READINGS, 1, BatcherConfig.MAX_READINGS);
        Duration maxDelay = r.duration(BATCH_MAX_DELAY, Duration.ofSeconds(1), BatcherConfig.MAX_MAX_DELAY);
        Duration hold = r.duration(BATCH_UNSYNCED_HOLD, Duration.ZERO, Duration.ofDays(1));
        BatcherConfig batch = r.build(BATCH_MAX_READINGS, () -> new BatcherConfig(maxReadings, maxDelay, hold,
                BatcherConfig.defaults().sealedBacklog()));
        int inFlight = (int) r.integer(UPLINK_MAX_IN_FLIGHT, 1, 100);
        UplinkSettings uplink = r.build(UPLINK_MAX_IN_FLIGHT, () -> new UplinkSettings(inFlight,
                UplinkSettings.DEFAULT.maxPublishesPerSecond(), Backoff.DEFAULT, UplinkSettings.DEFAULT.ackTimeout(),
                UplinkSettings.DEFAULT.pumpInterval()));
        PublisherKind publisher = r.oneOf(MQTT_CLIENT, "paho", "aws_iot").equals("aws_iot")
                ? PublisherKind.AWS_IOT : PublisherKind.PAHO;
        MqttSettings mqtt = mqtt(r, device.deviceId(), inFlight);
        if (publisher == PublisherKind.AWS_IOT && mqtt != null) {
            if (mqtt.tls() == null || !mqtt.tls().mutual()) {
                r.fail(MQTT_TLS_CERT_FILE, "must be set with mqtt.tls.key_file: AWS IoT Core requires a client certificate");
            }
            if (mqtt.protocol() != MqttProtocol.MQTT_3_1_1) {
                r.fail(MQTT_PROTOCOL, "must be 3.1.1 with mqtt.client = aws_iot (the Device SDK connection)");
            }
        }
        Duration shutdown = r.duration(SHUTDOWN_PUBLISH_TIMEOUT, Duration.ZERO, Duration.ofMinutes(5));
        Duration controlIdle = r.duration(CONTROL_IDLE_TIMEOUT, Duration.ofSeconds(1), Duration.ofHours(1));
        LogConfig log = new LogConfig(r.oneOf(LOG_LEVEL, "trace", "debug", "info", "warn", "error"),
                r.bool(LOG_TIMESTAMPS));
        SimulationConfig simulation = simulate ? new SimulationConfig(r.decimal(SIMULATE_SPEED, 0.1, 10_000),
                r.integer(SIMULATE_SEED, 0, Long.MAX_VALUE), r.oneOf(SIMULATE_BAR, "none", "real").equals("real"),
                r.path(SIMULATE_ACCEPTED_LOG),
                r.instant(SIMULATE_WORLD_START, Timestamps.MIN_MS, Timestamps.MAX_MS)) : null;
        r.throwIfInvalid();
        return new AgentConfig(device, stateDir, socket, hardware, readingInterval, swapMinEmpty, outbox, batch, mqtt, publisher, uplink,
                shutdown, log, simulation, controlIdle, lowKeg);
    }

    /**
     * The check a starting agent makes of its surroundings (not of the text): state.dir is a
     * directory it may read and write, or one it can create. {@link #load} leaves it out so a config
     * can be checked on another machine.
     *
     * @throws ConfigException naming state.dir, where it was set, and the cause
     */
    public static void checkStateDir(ConfigSource source, AgentConfig config) {
        ConfigReader r = new ConfigReader(source);
        ConfigFiles.stateDir(r, config.stateDir());
        r.throwIfInvalid();
    }

    private static DeviceIdentity device(ConfigReader r) {
        String hw = r.matching(DEVICE_HARDWARE_ID, Ids.MAC, "must be a MAC address like AA:BB:CC:DD:EE:FF (seed 001)");
        String dev = r.matching(DEVICE_DEVICE_ID, Ids.DEVICE_ID, "must be like SCALE-0042");
        String loc = r.matching(DEVICE_LOC_ID, Ids.LOC_ID, "must be like loc-001");
        String tap = r.matching(DEVICE_TAP_ID, Ids.TAP_ID, "must be like loc-001#TAP#07");
        Matcher m = Ids.TAP_ID.matcher(tap);
        if (m.matches() && Ids.LOC_ID.matcher(loc).matches() && !m.group(1).equals(loc)) {
            r.fail(DEVICE_TAP_ID, "must belong to device.loc_id " + loc);
        }
        return new DeviceIdentity(hw, dev, loc, tap);
    }

    private static MqttSettings mqtt(ConfigReader r, String deviceId, int uplinkInFlight) {
        MqttProtocol protocol = r.oneOf(MQTT_PROTOCOL, "3.1.1", "5").equals("5")
                ? MqttProtocol.MQTT_5 : MqttProtocol.MQTT_3_1_1;
        Duration keepAlive = r.duration(MQTT_KEEPALIVE, Duration.ofSeconds(1), Duration.ofSeconds(65_535));
        Duration reconnectMax = r.duration(MQTT_RECONNECT_MAX, Backoff.DEFAULT.initial(), Duration.ofHours(1));
        TlsSettings tls = tls(r);
        if (!r.isSet(MQTT_BROKER_URI)) {
            return null;
        }
        URI uri;
        try {
            uri = new URI(r.text(MQTT_BROKER_URI));
        } catch (URISyntaxException e) {
            r.fail(MQTT_BROKER_URI, "must be tcp://host:port or ssl://host:port");
            return null;
        }
        boolean ssl = "ssl".equals(uri.getScheme());
        if (ssl && !r.isSet(MQTT_TLS_CA_FILE)) {
            r.fail(MQTT_TLS_CA_FILE, "must be set for an ssl:// broker (mqtt.broker_uri): the CA that signed the "
                    + "broker's certificate");
            return null;
        }
        if (!ssl && (r.isSet(MQTT_TLS_CA_FILE) || r.isSet(MQTT_TLS_CERT_FILE) || r.isSet(MQTT_TLS_KEY_FILE))) {
            for (ConfigKey k : new ConfigKey[] {MQTT_TLS_CA_FILE, MQTT_TLS_CERT_FILE, MQTT_TLS_KEY_FILE}) {
                if (r.isSet(k)) {
                    r.fail(k, "must not be set for a tcp:// broker: make mqtt.broker_uri ssl://host:8883 or remove it");
                }
            }
            return null;
        }
        if (ssl && tls == null) {
            return null; // its files are wrong: reported above, each against its own key
        }
        // Paho must let at least as many publishes wait for PUBACK as the uplink sends.
        int pahoInflight = Math.max(PAHO_MIN_INFLIGHT, uplinkInFlight);
        return r.build(MQTT_BROKER_URI, () -> new MqttSettings(uri, deviceId, protocol, keepAlive, Duration.ofDays(7),
                Duration.ofSeconds(30), pahoInflight, tls, Backoff.upTo(reconnectMax)));
    }

    /**
     * mqtt.tls.*: each set file exists, is readable and parses as PEM (checked now, not at the first
     * connection); a certificate without its key, or a key without its certificate, is an error of
     * the missing key. Null when no TLS key is set or any is wrong.
     */
    private static TlsSettings tls(ConfigReader r) {
        Path ca = r.path(MQTT_TLS_CA_FILE);
        Path cert = r.path(MQTT_TLS_CERT_FILE);
        Path key = r.path(MQTT_TLS_KEY_FILE);
        if (ca == null && cert == null && key == null) {
            return null;
        }
        int errorsBefore = r.errorCount();
        if (ca != null) {
            ConfigFiles.certificates(r, MQTT_TLS_CA_FILE, ca);
        }
        if (cert != null) {
            ConfigFiles.certificates(r, MQTT_TLS_CERT_FILE, cert);
        } else if (key != null) {
            r.fail(MQTT_TLS_CERT_FILE, "must be set together with mqtt.tls.key_file (the certificate of that key)");
        }
        if (key != null) {
            ConfigFiles.privateKey(r, MQTT_TLS_KEY_FILE, key);
        } else if (cert != null) {
            r.fail(MQTT_TLS_KEY_FILE, "must be set together with mqtt.tls.cert_file (the private key of that certificate)");
        }
        return ca == null || r.errorCount() > errorsBefore ? null : new TlsSettings(ca, cert, key);
    }

    private static void defaultIfUnset(ConfigSource source, ConfigKey key, String value) {
        if (source.get(key).text().isEmpty()) {
            source.override(key, value, "--simulate");
        }
    }
}
