package com.scalesense.agent.config;

import java.util.Locale;
import java.util.Optional;

/**
 * Every key of {@code /etc/scale-sense/agent.conf} with its default: the one list the loader,
 * the unknown-key check, docs/operations.md and systemd/agent.conf.example agree on. An empty
 * default means "not set". Each key can be overridden by the environment variable
 * {@code SCALE_SENSE_} + the key in upper case with dots as underscores
 * (e.g. {@code SCALE_SENSE_MQTT_BROKER_URI}).
 */
public enum ConfigKey {
    DEVICE_HARDWARE_ID("device.hardware_id", ""),
    DEVICE_DEVICE_ID("device.device_id", ""),
    DEVICE_LOC_ID("device.loc_id", ""),
    DEVICE_TAP_ID("device.tap_id", ""),
    STATE_DIR("state.dir", "/var/lib/scale-sense"),
    CONTROL_SOCKET("control.socket", ""),
    CONTROL_IDLE_TIMEOUT("control.idle_timeout", "30s"),
    HX711_DOUT_PIN("hx711.dout_pin", "5"),
    HX711_SCK_PIN("hx711.sck_pin", "6"),
    HX711_RATE("hx711.rate", "10"),
    READING_INTERVAL("reading.interval", "60s"),
    SWAP_MIN_EMPTY("pipeline.swap_min_empty", "10s"),
    ALERTS_LOW_KEG_PCT("alerts.low_keg_pct", "15"),
    ALERTS_GRACE_PERIOD_SECS("alerts.grace_period_secs", "900"),
    BATTERY_POWER_SUPPLY("battery.power_supply", ""),
    TEMPERATURE_DS18B20("temperature.ds18b20", "false"),
    OUTBOX_MAX_BYTES("outbox.max_bytes", "67108864"),
    BATCH_MAX_READINGS("batch.max_readings", "100"),
    BATCH_MAX_DELAY("batch.max_delay", "2h"),
    BATCH_UNSYNCED_HOLD("batch.unsynced_hold", "10m"),
    MQTT_CLIENT("mqtt.client", "paho"),
    MQTT_BROKER_URI("mqtt.broker_uri", ""),
    MQTT_PROTOCOL("mqtt.protocol", "3.1.1"),
    MQTT_KEEPALIVE("mqtt.keepalive", "60s"),
    MQTT_RECONNECT_MAX("mqtt.reconnect_max", "60s"),
    MQTT_TLS_CA_FILE("mqtt.tls.ca_file", ""),
    MQTT_TLS_CERT_FILE("mqtt.tls.cert_file", ""),
    MQTT_TLS_KEY_FILE("mqtt.tls.key_file", ""),
    UPLINK_MAX_IN_FLIGHT("uplink.max_in_flight", "10"),
    SHUTDOWN_PUBLISH_TIMEOUT("shutdown.publish_timeout", "10s"),
    LOG_LEVEL("log.level", "info"),
    LOG_TIMESTAMPS("log.timestamps", "false"),
    SIMULATE_SPEED("simulate.speed", "1"),
    SIMULATE_SEED("simulate.seed", "1"),
    SIMULATE_BAR("simulate.bar", "none"),
    SIMULATE_ACCEPTED_LOG("simulate.accepted_log", ""),
    SIMULATE_WORLD_START("simulate.world_start", "");

    /** Prefix of the environment variables that override keys. */
    public static final String ENV_PREFIX = "SCALE_SENSE_";

    private final String key;
    private final String defaultValue;

    ConfigKey(String key, String defaultValue) {
        this.key = key;
        this.defaultValue = defaultValue;
    }

    public String key() {
        return key;
    }

    public String defaultValue() {
        return defaultValue;
    }

    /** {@code SCALE_SENSE_MQTT_BROKER_URI} for {@code mqtt.broker_uri}. */
    public String envName() {
        return ENV_PREFIX + key.toUpperCase(Locale.ROOT).replace('.', '_');
    }

    public static Optional<ConfigKey> of(String key) {
        for (ConfigKey k : values()) {
            if (k.key.equals(key)) {
                return Optional.of(k);
            }
        }
        return Optional.empty();
    }
}
