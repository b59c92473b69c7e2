package com.scalesense.agent.pipeline;

/**
 * Unit conversions between the pipeline's SI values (kg, litres) and the wire's US units.
 * Every factor is exact by definition except where noted.
 */
public final class Units {

    /** kg per avoirdupois pound (exact, international yard and pound agreement 1959). */
    public static final double KG_PER_LB = 0.45359237;
    /** US gallons per kg of beer at sg 1.0, as seed 000 writes it: gallons = (net_kg / sg) × 0.264172. */
    public static final double GALLONS_PER_KG_AT_SG1 = 0.264172;
    /** Millilitres per US fluid ounce (29.5735295625 exactly; rounded as the product states it). */
    public static final double ML_PER_OZ = 29.5735;
    /** US fluid ounces per US pint. */
    public static final double OZ_PER_PINT = 16;
    /** Litres per US gallon (exact: 231 cubic inches). */
    public static final double L_PER_GALLON = 3.785411784;
    /**
     * The densest beer the physical bounds allow for, sg: finished beers run 1.000 to about 1.060
     * (issue 12); 1.10 adds a keg filled a few percent over its capacity.
     */
    public static final double MAX_SG = 1.10;
    /** US fluid ounces per US gallon. */
    public static final double OZ_PER_GALLON = 128;

    private Units() {
    }

    public static double kgToLbs(double kg) {
        return kg / KG_PER_LB;
    }

    public static double lbsToKg(double lbs) {
        return lbs * KG_PER_LB;
    }

    /** Beer of {@code kg} at specific gravity {@code sg}, in US gallons (seed 000's formula). */
    public static double beerKgToGallons(double kg, double sg) {
        return kg / sg * GALLONS_PER_KG_AT_SG1;
    }

    /** Beer of {@code kg} at specific gravity {@code sg}, in millilitres (1 kg of water = 1 L). */
    public static double beerKgToMl(double kg, double sg) {
        return kg / sg * 1000;
    }

    public static double mlToOz(double ml) {
        return ml / ML_PER_OZ;
    }
}
