package com.scalesense.agent.pipeline.keg;

/**
 * What is left in the keg at one weight.
 *
 * @param levelPct     % of the keg's capacity in [0, 100]
 * @param gallons      US gallons of beer left
 * @param weightLbs    gross weight on the platform, lbs
 * @param pintsLeft    US pints (16 fl oz) left
 * @param servingsLeft servings of the configured size left
 */
public record KegLevel(double levelPct, double gallons, double weightLbs, double pintsLeft, double servingsLeft) {
}
