package com.scalesense.agent.pipeline.detect;

/** What the keg detector concludes; weights kg (gross on the platform), times epoch ms. */
public interface DetectorListener {

    /** The weight fell from one settled value to another: beer left the keg. */
    void onDrop(long startMs, long endMs, double beforeKg, double afterKg);

    /** A keg other than the last one settled on the platform. */
    void onNewKeg(double weightKg, long atMs);

    /** The keg was lifted off: less than the absent threshold is on the platform. */
    void onAbsent(long atMs);

    /** Whether a steady load of {@code grossKg} on an empty platform can be a keg of some type. */
    boolean couldBeKeg(double grossKg);

    /**
     * Whether such a load, though it can be a keg, can as well be a thing set down: it could only be a keg with
     * next to no beer in it, so its weight alone is no evidence of a keg.
     */
    boolean couldBeThing(double grossKg);
}
