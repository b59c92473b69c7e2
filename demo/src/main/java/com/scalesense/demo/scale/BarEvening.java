package com.scalesense.demo.scale;

import com.scalesense.agent.pipeline.keg.KegType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The taps of the demo bar {@code loc-001}. The first four are the seeded taps; more are added
 * with the same pattern. Starting levels differ on purpose: tap 02's small keg and tap 04's
 * nearly empty one run low during a six-hour evening, so a low_keg alert shows up.
 */
public final class BarEvening {

    /** The demo location of the seeds. */
    public static final String LOC_ID = "loc-001";
    /** Most scales the demo bar takes (tap numbers 01..08). */
    public static final int MAX_SCALES = 8;

    private record Pattern(String beerRef, String beerName, double sg, KegType type, double startPct, double perHour) {
    }

    // Gravities are seed 000's; each beer's keg type is one the seed library sells it in.
    private static final List<Pattern> PATTERNS = List.of(
            new Pattern("coors-light", "Coors Light", 1.007, KegType.HALF_BARREL, 68, 14),
            new Pattern("sierra-nevada-pale-ale", "Sierra Nevada Pale Ale", 1.012, KegType.SIXTH_BARREL, 60, 9),
            new Pattern("guinness-draught", "Guinness Draught", 1.014, KegType.SLIM_QUARTER, 55, 8),
            new Pattern("lagunitas-ipa", "Lagunitas IPA", 1.013, KegType.HALF_BARREL, 24, 8),
            new Pattern("modelo-especial", "Modelo Especial", 1.010, KegType.HALF_BARREL, 90, 11),
            new Pattern("bud-light", "Bud Light", 1.006, KegType.QUARTER_BARREL, 45, 10),
            new Pattern("coors-light", "Coors Light", 1.007, KegType.SIXTH_BARREL, 80, 6),
            new Pattern("sierra-nevada-pale-ale", "Sierra Nevada Pale Ale", 1.012, KegType.HALF_BARREL, 40, 9));

    private BarEvening() {
    }

    /** The first {@code scales} taps, 1..{@link #MAX_SCALES}. */
    public static List<TapPlan> taps(int scales) {
        if (scales < 1 || scales > MAX_SCALES) {
            throw new IllegalArgumentException("scales must be 1.." + MAX_SCALES + ", was " + scales);
        }
        List<TapPlan> taps = new ArrayList<>();
        for (int i = 1; i <= scales; i++) {
            Pattern p = PATTERNS.get(i - 1);
            taps.add(new TapPlan(String.format(Locale.ROOT, "%02d", i), String.format(Locale.ROOT, "SCALE-%04d", i),
                    String.format(Locale.ROOT, "B8:27:EB:00:00:%02X", i), p.beerRef(), p.beerName(), p.sg(), p.type(),
                    p.startPct(), p.perHour()));
        }
        return taps;
    }
}
