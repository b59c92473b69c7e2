package com.scalesense.protocol.internal;

import com.scalesense.protocol.BootRegistration;
import com.scalesense.protocol.Violation;
import java.util.List;

/** The rules of a {@link BootRegistration}. */
public final class RegistrationRules {

    /** At most this many sensors and this many features in capabilities. */
    static final int MAX_CAPABILITIES = 16;

    private RegistrationRules() {
    }

    public static List<Violation> check(BootRegistration registration) {
        var p = new Problems();
        IdentityRules.check(p, registration.schemaVersion(), registration.hardwareId(), registration.deviceId(),
                registration.bootId(), registration.firmwareVersion(), registration.locId(), registration.tapId());
        if (!Problems.isTimestamp(registration.timestampMs())) {
            p.add("timestamp_ms", registration.timestampMs(), Problems.TIMESTAMP_RULE);
        }
        var capabilities = registration.capabilities();
        if (capabilities == null) {
            p.add("capabilities", null, "is required (seed 001 devices.capabilities)");
            return p.toList();
        }
        if (capabilities.sensors().size() > MAX_CAPABILITIES) {
            p.add("capabilities.sensors", capabilities.sensors().size() + " sensors",
                    "must list at most " + MAX_CAPABILITIES);
        }
        for (int i = 0; i < capabilities.sensors().size(); i++) {
            p.name("capabilities.sensors[" + i + "]", capabilities.sensors().get(i), "sensor name");
        }
        if (capabilities.features().size() > MAX_CAPABILITIES) {
            p.add("capabilities.features", capabilities.features().size() + " features",
                    "must have at most " + MAX_CAPABILITIES);
        }
        for (String feature : capabilities.features().keySet()) {
            p.name("capabilities.features", feature, "feature name");
        }
        return p.toList();
    }
}
