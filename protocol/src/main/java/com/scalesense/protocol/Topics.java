package com.scalesense.protocol;

import java.util.Set;
import java.util.regex.Pattern;

/**
 * MQTT topic names, in one place for both ends. Topics are per device_id, so an AWS IoT policy
 * can bind a thing to its own topics with {@code ${iot:Connection.Thing.ThingName}}.
 *
 * <pre>
 * scalesense/v1/{device_id}/batches        scale → cloud, QoS 1, {@link ReadingsBatch}
 * scalesense/v1/{device_id}/registration   scale → cloud, QoS 1, {@link BootRegistration}
 * scalesense/v1/{device_id}/state          scale → cloud, QoS 1, {@link ReadingsBatch} of one reading: the tap
 *                                          state right after an event, ahead of its batch (issue 18)
 * scalesense/v1/{device_id}/commands       cloud → scale, QoS 1, {@link DeviceCommand}
 * </pre>
 */
public final class Topics {

    public static final String ROOT = "scalesense/v1";
    public static final String BATCHES = "batches";
    public static final String REGISTRATION = "registration";
    public static final String COMMANDS = "commands";
    /**
     * The tap's state at once after a pour's end: a {@link ReadingsBatch} holding the reading taken
     * with the event (and the event), sent beside the outbox, never instead of it. The same records
     * reach the cloud again in their batch; the sink uses this copy for {@code TAP#STATE} alone.
     */
    public static final String STATE = "state";

    /** Subscription filter for every device's batches (the sink's stand-in for the IoT Rule). */
    public static final String ALL_BATCHES = ROOT + "/+/" + BATCHES;
    /** Subscription filter for every device's registrations. */
    public static final String ALL_REGISTRATIONS = ROOT + "/+/" + REGISTRATION;
    /** Subscription filter for every device's state messages. */
    public static final String ALL_STATES = ROOT + "/+/" + STATE;

    private static final Pattern DEVICE_ID = Ids.DEVICE_ID;
    private static final Set<String> KINDS = Set.of(BATCHES, REGISTRATION, COMMANDS, STATE);

    private Topics() {
    }

    public static String batches(String deviceId) {
        return topic(deviceId, BATCHES);
    }

    public static String registration(String deviceId) {
        return topic(deviceId, REGISTRATION);
    }

    public static String state(String deviceId) {
        return topic(deviceId, STATE);
    }

    public static String commands(String deviceId) {
        return topic(deviceId, COMMANDS);
    }

    /**
     * The device_id a topic belongs to, so the sink can check that a device writes only for itself.
     *
     * @throws ProtocolException if the topic is not one of ours
     */
    public static String deviceIdOf(String topic) {
        if (topic == null || !topic.startsWith(ROOT + "/")) {
            throw new ProtocolException("topic must start with '" + ROOT + "/', was '" + SafeText.quote(topic) + "'.");
        }
        String[] parts = topic.substring(ROOT.length() + 1).split("/", -1);
        if (parts.length != 2 || !DEVICE_ID.matcher(parts[0]).matches() || !KINDS.contains(parts[1])) {
            throw new ProtocolException("topic must be " + ROOT + "/{device_id}/{batches|registration|commands|state}, was '"
                    + SafeText.quote(topic) + "'.");
        }
        return parts[0];
    }

    private static String topic(String deviceId, String kind) {
        if (deviceId == null || !DEVICE_ID.matcher(deviceId).matches()) {
            throw new ProtocolException("device_id must match " + DEVICE_ID.pattern() + " (e.g. SCALE-0042), was '"
                    + SafeText.quote(deviceId) + "'.");
        }
        return ROOT + "/" + deviceId + "/" + kind;
    }
}
