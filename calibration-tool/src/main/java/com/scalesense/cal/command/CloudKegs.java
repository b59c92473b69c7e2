package com.scalesense.cal.command;

import com.scalesense.agent.pipeline.keg.KegType;
import com.scalesense.control.Replies;

/**
 * What {@code keg assign} tells a technician on a scale that sends to the cloud. The sink stores
 * readings only of kegs it knows for the scale's location ({@code KEG#<id>/META}, written when a keg
 * is assigned in the cloud; docs/cloud.md, "Rejections"); a batch naming any other keg is refused
 * whole. A keg id made up on the scale would therefore lose every reading of that keg in the cloud.
 */
final class CloudKegs {

    private CloudKegs() {
    }

    /** Why {@code --keg-id} is required here, and what to do instead. */
    static String missingKegId(Replies.Status scale, KegType type) {
        return "--keg-id is required: this scale sends its readings to the cloud (mqtt.broker_uri is set), and the "
                + "cloud refuses every reading of a keg it does not know, so no keg id is made up here. Assign the "
                + "keg in the cloud (the bar's dashboard page, or: AdminCli keg assign " + tapArgs(scale)
                + " <beer_id> " + type.wireName() + "); it reaches this scale by itself. To correct the scale, give "
                + "that keg's id: scale-cal keg assign --keg-id keg-YYYYMMDD-xxxx --type " + type.wireName();
    }

    /** A reminder after an assignment by id on a cloud scale. */
    static String reminder(Replies.Status scale, String kegId) {
        return "note: the cloud stores this keg's readings only if " + kegId + " is a keg assigned in the cloud to "
                + (scale.locId() == null || scale.locId().isBlank() ? "this scale's location" : scale.locId())
                + "; readings of any other keg are refused (AdminCli rejections " + scale.deviceId() + ")";
    }

    /** {@code loc-001 07} from the scale's tap_id {@code loc-001#TAP#07}, or placeholders. */
    private static String tapArgs(Replies.Status scale) {
        String tap = scale.tapId();
        int mark = tap == null ? -1 : tap.indexOf("#TAP#");
        return mark < 0 ? "<loc_id> <nn>" : tap.substring(0, mark) + " " + tap.substring(mark + "#TAP#".length());
    }
}
