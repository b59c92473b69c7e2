package com.scalesense.cal.setup;

import com.scalesense.agent.config.ConfigKey;
import com.scalesense.protocol.Ids;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@code scale-cal setup} writes: who the scale is (seed 001 / DESIGN "Identities") and which
 * broker it sends to. Built only through {@link #validated}, which checks every field at once and
 * names the flag, the config key and the rule of each one broken.
 *
 * @param hardwareId MAC, upper case
 * @param deviceId   SCALE-0042
 * @param locId      loc-001
 * @param tapId      loc-001#TAP#07 (the flag may give only the tap number, 07)
 * @param broker     tcp://host:port or ssl://host:port, or null to leave mqtt.broker_uri as it is
 * @param caFile     PEM CA for ssl://, or null
 * @param certFile   PEM client certificate for mutual TLS, or null
 * @param keyFile    PEM client key for mutual TLS, or null
 */
public record ScaleIdentity(String hardwareId, String deviceId, String locId, String tapId, URI broker,
                            Path caFile, Path certFile, Path keyFile) {

    private static final Pattern TAP_NUMBER = Pattern.compile("^[0-9]{1,2}$");

    /** The raw answers, as typed; null for one not given. */
    public record Answers(String hardwareId, String deviceId, String locId, String tap, String broker,
                          String caFile, String certFile, String keyFile) {
    }

    /** @throws SetupException listing every answer that breaks a rule */
    public static ScaleIdentity validated(Answers a) {
        List<String> errors = new ArrayList<>();
        String hw = a.hardwareId() == null ? null : a.hardwareId().toUpperCase(java.util.Locale.ROOT);
        check(errors, "--hardware-id", ConfigKey.DEVICE_HARDWARE_ID, hw, Ids.MAC, "must be a MAC address like B8:27:EB:12:34:56");
        check(errors, "--device-id", ConfigKey.DEVICE_DEVICE_ID, a.deviceId(), Ids.DEVICE_ID, "must be like SCALE-0042");
        check(errors, "--loc-id", ConfigKey.DEVICE_LOC_ID, a.locId(), Ids.LOC_ID, "must be like loc-001");
        String tap = tapId(a.tap(), a.locId());
        check(errors, "--tap", ConfigKey.DEVICE_TAP_ID, tap, Ids.TAP_ID, "must be a tap number 1..99 or like loc-001#TAP#07");
        Matcher tapLoc = tap == null ? null : Ids.TAP_ID.matcher(tap);
        if (tapLoc != null && tapLoc.matches() && a.locId() != null && !tapLoc.group(1).equals(a.locId())) {
            errors.add("--tap (device.tap_id) = " + tap + ": must belong to --loc-id " + a.locId());
        }
        URI broker = broker(errors, a.broker());
        boolean ssl = broker != null && "ssl".equals(broker.getScheme());
        Path ca = file(errors, "--ca-file", ConfigKey.MQTT_TLS_CA_FILE, a.caFile());
        Path cert = file(errors, "--cert-file", ConfigKey.MQTT_TLS_CERT_FILE, a.certFile());
        Path key = file(errors, "--key-file", ConfigKey.MQTT_TLS_KEY_FILE, a.keyFile());
        if (ssl && ca == null && a.caFile() == null) {
            errors.add("--ca-file (mqtt.tls.ca_file): must be given for an ssl:// broker: the CA that signed the broker's certificate");
        }
        if (broker != null && !ssl && (a.caFile() != null || a.certFile() != null || a.keyFile() != null)) {
            errors.add("--ca-file/--cert-file/--key-file: must not be given for a tcp:// broker: use ssl://host:8883");
        }
        if ((a.certFile() == null) != (a.keyFile() == null)) {
            errors.add("--cert-file and --key-file: must be given together (mutual TLS needs the certificate and its key)");
        }
        if (!errors.isEmpty()) {
            throw SetupException.invalid(String.join("\n  ", errors));
        }
        return new ScaleIdentity(hw, a.deviceId(), a.locId(), tap, broker, ca, cert, key);
    }

    /** The config lines this setup changes, in the order agent.conf lists them. */
    public Map<ConfigKey, String> settings() {
        Map<ConfigKey, String> settings = new LinkedHashMap<>();
        settings.put(ConfigKey.DEVICE_HARDWARE_ID, hardwareId);
        settings.put(ConfigKey.DEVICE_DEVICE_ID, deviceId);
        settings.put(ConfigKey.DEVICE_LOC_ID, locId);
        settings.put(ConfigKey.DEVICE_TAP_ID, tapId);
        if (broker != null) {
            settings.put(ConfigKey.MQTT_BROKER_URI, broker.toString());
            settings.put(ConfigKey.MQTT_TLS_CA_FILE, caFile == null ? "" : caFile.toString());
            settings.put(ConfigKey.MQTT_TLS_CERT_FILE, certFile == null ? "" : certFile.toString());
            settings.put(ConfigKey.MQTT_TLS_KEY_FILE, keyFile == null ? "" : keyFile.toString());
        }
        return settings;
    }

    /** "7" or "07" with loc-001 is loc-001#TAP#07; a full tap id stays as it is. */
    private static String tapId(String tap, String locId) {
        if (tap != null && TAP_NUMBER.matcher(tap).matches() && locId != null && Integer.parseInt(tap) > 0) {
            return String.format("%s#TAP#%02d", locId, Integer.parseInt(tap));
        }
        return tap;
    }

    private static void check(List<String> errors, String flag, ConfigKey key, String value, Pattern rule, String text) {
        if (value == null || value.isBlank()) {
            errors.add(flag + " (" + key.key() + "): must be given");
        } else if (!rule.matcher(value).matches()) {
            errors.add(flag + " (" + key.key() + ") = " + value + ": " + text);
        }
    }

    private static URI broker(List<String> errors, String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            URI uri = new URI(text);
            if (("tcp".equals(uri.getScheme()) || "ssl".equals(uri.getScheme())) && uri.getHost() != null && uri.getPort() > 0
                    && (uri.getPath() == null || uri.getPath().isEmpty())) {
                return uri;
            }
        } catch (URISyntaxException e) {
            // reported below, as every other malformed URI
        }
        errors.add("--broker (mqtt.broker_uri) = " + text + ": must be tcp://host:port or ssl://host:port");
        return null;
    }

    private static Path file(List<String> errors, String flag, ConfigKey key, String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        Path path = Path.of(text).toAbsolutePath();
        if (!Files.isRegularFile(path) || !Files.isReadable(path)) {
            errors.add(flag + " (" + key.key() + ") = " + text + ": must be a readable PEM file");
            return null;
        }
        return path;
    }
}
