package com.scalesense.protocol;

/**
 * The physical range of every number a scale sends, decided from what a keg scale can measure
 * (DESIGN.md, seed 000's keg table, the sensors' datasheets). {@link MessageValidator} refuses a
 * number outside its range on both ends; the agent gives no value ({@code null}) rather than one
 * outside the range where the field is nullable. The table with the reasons is in
 * {@code docs/protocol.md} ("Ranges of numbers"); keep the two in step.
 */
public final class PhysicalRanges {

    /**
     * Heaviest gross weight on a platform, lbs. A full half barrel, seed 000's heaviest keg, is
     * 161.5 lbs; the largest single-point cells used under keg platforms are rated 300 kg, and a
     * cell's safe overload is typically 150 % of its rated capacity (450 kg = 992 lbs). Above
     * 1000 lbs (453.6 kg) the scale is overloaded or its calibration is wrong: no weight.
     */
    public static final double MAX_PLATFORM_LBS = 1000;

    /**
     * Lowest specific gravity a scale accepts for a beer (docs/protocol.md, {@code args.sg}
     * 0.9..1.2): the most beer a weight can stand for.
     */
    public static final double MIN_SG = 0.9;

    /** level_pct: seed 000's formula clamps to [0, 100]. */
    public static final PhysicalRange LEVEL_PCT = new PhysicalRange(0, 100, "%");
    /** weight_lbs, keg_swap weight_lbs, tare weights: see {@link #MAX_PLATFORM_LBS}. */
    public static final PhysicalRange WEIGHT_LBS = new PhysicalRange(0, MAX_PLATFORM_LBS, "lbs");
    /**
     * gallons: all of {@link #MAX_PLATFORM_LBS} beer at {@link #MIN_SG} is 453.6 kg / 0.9 ×
     * 0.264172 = 133.1 US gallons (seed 000's formula); a half barrel holds 15.5. The scale computes
     * gallons from the weight without a cap at the keg's capacity (a crate on the platform adds
     * to it), so the bound is the platform's, rounded up.
     */
    public static final PhysicalRange GALLONS = new PhysicalRange(0, 150, "US gal");
    /** pints_left: {@link #GALLONS} × 8 US pints per gallon. */
    public static final PhysicalRange PINTS_LEFT = new PhysicalRange(0, 1200, "US pints");
    /**
     * pour_rate_gph: the Brewers Association's Draught Beer Quality Manual sets a faucet's flow at
     * 1 US gallon per minute (about 2 oz/s); two faucets pouring without pause from one keg is
     * 120 gal/h. A higher rate is no estimate (the agent sends none).
     */
    public static final PhysicalRange POUR_RATE_GPH = new PhysicalRange(0, 120, "US gal/h");
    /**
     * hours_remaining: at most a year (8760 h). Draught beer is stale long before (the Draught
     * Beer Quality Manual gives 45..120 days in a keg), so a longer estimate tells a bar nothing;
     * the agent sends none.
     */
    public static final PhysicalRange HOURS_REMAINING = new PhysicalRange(0, 8760, "h");
    /**
     * battery_v: a MAX17048 reads at most 65535 × 78.125 µV = 5.12 V (datasheet 19-6171, Table 2,
     * VCELL); a sysfs power supply up to a 24 V bar supply, with headroom: 30 V.
     */
    public static final PhysicalRange BATTERY_V = new PhysicalRange(0, 30, "V");
    /** battery_pct: a state of charge; the MAX17048's SOC may exceed 100 % after a charge, the hal clamps it. */
    public static final PhysicalRange BATTERY_PCT = new PhysicalRange(0, 100, "%");
    /**
     * temperature_c: the electronics are specified for -40..+85 °C: MAX17048/MAX17049 datasheet
     * (19-6171 Rev 7) p.2 "Operating Temperature Range -40°C to +85°C", HX711 datasheet p.1
     * "operation temperature range -40 ~ +85 °C". The DS18B20 measures -55..+125 °C (datasheet
     * p.1), but outside -40..+85 the board works outside its spec; the agent sends no temperature.
     */
    public static final PhysicalRange TEMPERATURE_C = new PhysicalRange(-40, 85, "°C");
    /**
     * pour volume_oz: a pour is a drop of the weight on the platform, so at most all of
     * {@link #MAX_PLATFORM_LBS} as beer at {@link #MIN_SG}: 17,042 US fl oz; {@link #GALLONS} × 128.
     */
    public static final PhysicalRange POUR_OZ = new PhysicalRange(0, 19_200, "US fl oz");
    /** pour volume_ml: {@link #POUR_OZ} × 29.5735 = 567,811 ml, rounded up. */
    public static final PhysicalRange POUR_ML = new PhysicalRange(0, 570_000, "ml");

    private PhysicalRanges() {
    }
}
