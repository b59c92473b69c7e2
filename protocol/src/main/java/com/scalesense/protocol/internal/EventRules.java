package com.scalesense.protocol.internal;

import com.scalesense.protocol.KegTypes;
import com.scalesense.protocol.DeviceEvent;
import com.scalesense.protocol.Ids;
import com.scalesense.protocol.PhysicalRanges;
import java.util.List;
import java.util.Set;

/** The rules of each {@link DeviceEvent} in a batch. */
final class EventRules {

    /** Millilitres in one US fluid ounce: 128 fl oz = 1 US gallon = 3785.411784 ml. */
    static final double ML_PER_US_FL_OZ = 29.5735295625;
    /** volume_ml may differ from volume_oz × 29.5735 by rounding: 0.5 ml plus 0.1 %. */
    private static final double ML_SLACK = 0.5;
    private static final double ML_SLACK_RATIO = 0.001;
    private static final int MAX_DETAIL = 256;
    private static final Set<String> TARE_KINDS = Set.of("empty", "full");
    private static final String LIST = "events";

    private EventRules() {
    }

    static void check(List<DeviceEvent> events, BatchRules.Window window, Problems p) {
        for (int i = 0; i < events.size(); i++) {
            DeviceEvent event = events.get(i);
            p.timestamp(LIST, i, "timestamp_ms", event.timestampMs());
            if (window != null && !window.contains(event.timestampMs())) {
                p.add(Problems.at(LIST, i, "timestamp_ms"), event.timestampMs(), window.rule());
            }
            if (event instanceof DeviceEvent.Pour pour) {
                pour(pour, i, p);
            } else if (event instanceof DeviceEvent.KegSwap swap) {
                swap(swap, i, p);
            } else if (event instanceof DeviceEvent.Tare tare) {
                tare(tare, i, p);
            } else if (event instanceof DeviceEvent.SensorError error) {
                sensorError(error, i, p);
            }
        }
    }

    private static void pour(DeviceEvent.Pour pour, int i, Problems p) {
        p.timestamp(LIST, i, "start_ms", pour.startMs());
        p.timestamp(LIST, i, "end_ms", pour.endMs());
        if (pour.startMs() > pour.endMs()) {
            p.add(Problems.at(LIST, i, "start_ms"), pour.startMs(), "must not be after end_ms " + pour.endMs());
        }
        double oz = pour.volumeOz();
        if (oz <= 0 || !PhysicalRanges.POUR_OZ.contains(oz)) {
            p.add(Problems.at(LIST, i, "volume_oz"), oz, "must be > 0 and " + PhysicalRanges.POUR_OZ.rule());
        }
        double ml = pour.volumeMl();
        double expected = oz * ML_PER_US_FL_OZ;
        if (!PhysicalRanges.POUR_ML.contains(ml)) {
            p.add(Problems.at(LIST, i, "volume_ml"), ml, PhysicalRanges.POUR_ML.rule());
        } else if (Math.abs(ml - expected) > ML_SLACK + ML_SLACK_RATIO * Math.abs(expected)) {
            p.add(Problems.at(LIST, i, "volume_ml"), ml, "must equal volume_oz × 29.5735 (US fl oz) within 0.5 ml + 0.1 %");
        }
    }

    private static void swap(DeviceEvent.KegSwap swap, int i, Problems p) {
        if (swap.previousKegId() != null && !Ids.isKegId(swap.previousKegId())) {
            p.add(Problems.at(LIST, i, "previous_keg_id"), swap.previousKegId(), KegRules.KEG_ID_RULE);
        }
        if (swap.newKegId() != null && !Ids.isKegId(swap.newKegId())) {
            p.add(Problems.at(LIST, i, "new_keg_id"), swap.newKegId(), KegRules.KEG_ID_RULE);
        }
        p.range(LIST, i, "weight_lbs", swap.weightLbs(), PhysicalRanges.WEIGHT_LBS, true);
    }

    private static void tare(DeviceEvent.Tare tare, int i, Problems p) {
        if (tare.kind() == null || !TARE_KINDS.contains(tare.kind())) {
            p.add(Problems.at(LIST, i, "kind"), tare.kind(), "must be empty or full");
        }
        if (!Ids.isKegId(tare.kegId())) {
            p.add(Problems.at(LIST, i, "keg_id"), tare.kegId(), KegRules.KEG_ID_RULE);
        }
        if (!KegTypes.isKegType(tare.kegType())) {
            p.add(Problems.at(LIST, i, "keg_type"), tare.kegType(), KegRules.KEG_TYPE_RULE);
        }
        // The measured weight of this kind of tare is what the event is for: it must be there.
        p.range(LIST, i, "empty_offset_lbs", tare.emptyOffsetLbs(), PhysicalRanges.WEIGHT_LBS, "empty".equals(tare.kind()));
        p.range(LIST, i, "full_ref_lbs", tare.fullRefLbs(), PhysicalRanges.WEIGHT_LBS, "full".equals(tare.kind()));
        if (tare.tareStatus() == null) {
            p.add(Problems.at(LIST, i, "tare_status"), null, "is required");
        }
    }

    private static void sensorError(DeviceEvent.SensorError error, int i, Problems p) {
        p.name(Problems.at(LIST, i, "sensor"), error.sensor(), "sensor");
        if (error.status() == null) {
            p.add(Problems.at(LIST, i, "status"), null, "is required");
        }
        if (error.detail() != null && error.detail().length() > MAX_DETAIL) {
            p.add(Problems.at(LIST, i, "detail"), error.detail(), "must be at most " + MAX_DETAIL + " characters");
        }
    }
}
