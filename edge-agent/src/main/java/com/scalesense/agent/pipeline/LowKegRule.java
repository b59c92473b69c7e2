package com.scalesense.agent.pipeline;

/**
 * The location's low-keg alert rule as the scale keeps it (issue 18): the cloud fires low_keg once
 * level_pct has stayed under {@code lowKegPct} for {@code gracePeriodSecs} (cloud-sink
 * {@code AlertEvaluator}, seed 000's grace period), judging the readings of the batches it gets.
 * The scale uses the rule only to send the reading that alert waits for at once; it never
 * decides the alert itself. The cloud sends it with the {@code set_low_keg} command; until then the
 * agent's configuration gives the cloud's own defaults.
 *
 * @param lowKegPct       level_pct under which a keg is low, percent, 0..100
 * @param gracePeriodSecs seconds a keg must stay low before the alert fires, 0..86 400
 * @param issuedAtMs      when the cloud issued these values (the location settings' updated_at), epoch
 *                        ms; 0 for the configured defaults. An older command never replaces a newer one
 */
public record LowKegRule(double lowKegPct, long gracePeriodSecs, long issuedAtMs) {

    /** A day: the cloud's settings refuse a longer grace period (cloud-sink {@code LocationProfile}). */
    public static final long MAX_GRACE_PERIOD_SECS = 86_400;

    /** The cloud's defaults for a location without settings (docs/data-model.md: 15 %, 900 s). */
    public static final LowKegRule DEFAULTS = new LowKegRule(15, 900, 0);

    public LowKegRule {
        if (!(lowKegPct >= 0 && lowKegPct <= 100)) {
            throw new IllegalArgumentException("low_keg_pct must be a percentage 0..100, was " + lowKegPct + ".");
        }
        if (gracePeriodSecs < 0 || gracePeriodSecs > MAX_GRACE_PERIOD_SECS) {
            throw new IllegalArgumentException("grace_period_secs must be 0.." + MAX_GRACE_PERIOD_SECS + " seconds, was "
                    + gracePeriodSecs + ".");
        }
        if (issuedAtMs < 0) {
            throw new IllegalArgumentException("issued_at_ms must be >= 0, was " + issuedAtMs + ".");
        }
    }

    /** True when {@code other} may replace this rule: it was not issued before it. */
    public boolean replacedBy(LowKegRule other) {
        return other.issuedAtMs >= issuedAtMs;
    }
}
