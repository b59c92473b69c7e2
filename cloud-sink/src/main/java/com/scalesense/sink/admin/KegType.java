package com.scalesense.sink.admin;

import com.scalesense.sink.validation.InvalidInputException;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A commercial keg size and its reference weights (seed 000, "Keg type reference data").
 *
 * <p>These are the defaults a beer profile starts from; the weights a tap actually uses are
 * stored per beer per keg type ({@code BEER#<id>/KEG#<type>}) and replaced by measured tares.
 * The edge agent keeps its own copy for offline use; this one is the cloud's.
 *
 * @param id       e.g. {@code half_barrel}
 * @param gallons  nominal capacity in US gallons
 * @param fullLbs  gross weight of a full keg in pounds
 * @param emptyLbs weight of the empty keg shell in pounds
 */
public record KegType(String id, double gallons, double fullLbs, double emptyLbs) {

    /** The four sizes of seed 000; {@code seeds/keg-types.json} must list exactly these. */
    public static final List<KegType> REFERENCE = List.of(
            new KegType("half_barrel", 15.5, 161.5, 29.0),
            new KegType("quarter_barrel", 7.75, 87.0, 22.0),
            new KegType("sixth_barrel", 5.17, 61.0, 16.5),
            new KegType("slim_quarter", 7.75, 87.0, 20.0));

    private static final Map<String, KegType> BY_ID =
            REFERENCE.stream().collect(Collectors.toUnmodifiableMap(KegType::id, Function.identity()));

    public KegType {
        if (!(gallons > 0)) {
            throw new InvalidInputException("gallons", gallons, "must be > 0");
        }
        if (!(emptyLbs > 0) || !(fullLbs > emptyLbs)) {
            throw new InvalidInputException("full_lbs", fullLbs, "must exceed empty_lbs (" + emptyLbs + ") > 0");
        }
    }

    /**
     * The reference keg type with this id.
     *
     * @throws InvalidInputException naming {@code keg_type} if it is not one of {@link #REFERENCE}
     */
    public static KegType byId(String id) {
        KegType type = id == null ? null : BY_ID.get(id);
        if (type == null) {
            throw new InvalidInputException("keg_type", id, "must be one of " + BY_ID.keySet().stream().sorted().toList());
        }
        return type;
    }
}
