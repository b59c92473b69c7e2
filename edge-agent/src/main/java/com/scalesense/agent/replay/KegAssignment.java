package com.scalesense.agent.replay;

import com.scalesense.agent.pipeline.PipelineException;
import com.scalesense.agent.pipeline.keg.KegProfile;
import com.scalesense.agent.pipeline.keg.KegType;
import com.scalesense.agent.pipeline.keg.Tare;
import com.scalesense.hal.replay.TraceHeader;

import java.util.Map;

/**
 * The keg that stood assigned on the scale when a trace was recorded: its id, type, beer gravity and the
 * weights measured of it, so {@code scale-agent replay} computes the levels the scale did (measured tare,
 * tare_status) instead of an unassigned estimate. From the replay's flags, else from the notes
 * {@code scale-cal record} writes into the trace header ({@value #KEG_ID_NOTE}, {@value #KEG_TYPE_NOTE},
 * {@value #SG_NOTE}, {@value #EMPTY_NOTE}, {@value #FULL_NOTE}).
 *
 * @param kegId   keg id the keg was assigned under
 * @param type    keg type
 * @param sg      specific gravity of its beer
 * @param emptyKg measured empty weight, kg, or null
 * @param fullKg  measured full weight, kg, or null
 */
public record KegAssignment(String kegId, KegType type, double sg, Double emptyKg, Double fullKg) {

    /** Trace header note with the id of the keg assigned when recording began (absent: none was). */
    public static final String KEG_ID_NOTE = "keg_id";
    /** Trace header note with the type of the keg on the platform when recording began. */
    public static final String KEG_TYPE_NOTE = "keg_type";
    /** Trace header note with the specific gravity of that keg's beer. */
    public static final String SG_NOTE = "sg";
    /** Trace header note with that keg's measured empty weight, kg. */
    public static final String EMPTY_NOTE = "empty_offset_kg";
    /** Trace header note with that keg's measured full weight, kg. */
    public static final String FULL_NOTE = "full_ref_kg";
    /** The keg id a replay uses when the flags name a keg but no id. */
    static final String FLAG_KEG_ID = "keg-replay";

    public KegAssignment {
        PipelineException.require(kegId != null && !kegId.isBlank(), "keg_id", kegId, "must be set");
        PipelineException.require(type != null, "keg_type", null, "must be set");
    }

    /** The keg as the pipeline starts with it: assigned, with the weights measured then (at {@code atMs}). */
    public KegProfile profile(long atMs) {
        Tare tare = emptyKg == null && fullKg == null ? Tare.PENDING : new Tare(emptyKg, fullKg, atMs);
        return new KegProfile(kegId, null, type, sg, tare);
    }

    /** The keg the header names as assigned (a keg_id note), or null when the scale had none assigned. */
    public static KegAssignment fromHeader(TraceHeader header) {
        Map<String, String> notes = header.notes();
        if (notes.get(KEG_ID_NOTE) == null || notes.get(KEG_TYPE_NOTE) == null) {
            return null;
        }
        return of(notes.get(KEG_ID_NOTE), notes.get(KEG_TYPE_NOTE), notes.get(SG_NOTE), notes.get(EMPTY_NOTE),
                notes.get(FULL_NOTE), Fields.HEADER);
    }

    /** The names an error gives each value: the flag the technician typed, or the header note it came from. */
    record Fields(String type, String sg, String empty, String full) {
        static final Fields HEADER = new Fields("trace header " + KEG_TYPE_NOTE, "trace header " + SG_NOTE,
                "trace header " + EMPTY_NOTE, "trace header " + FULL_NOTE);
        static final Fields FLAGS = new Fields("--keg-type", "--sg", "--empty-kg", "--full-kg");
    }

    /**
     * A keg from text (flags or header notes; {@code fields} names them in errors): type required,
     * sg 1.0 when absent (seed 000's default), weights optional.
     */
    static KegAssignment of(String kegId, String type, String sg, String emptyKg, String fullKg, Fields fields) {
        KegType kegType;
        try {
            kegType = KegType.fromWireName(type);
        } catch (PipelineException e) {
            throw new PipelineException(fields.type(), type, e.rule());
        }
        return new KegAssignment(kegId, kegType, sg == null ? 1.0 : number(fields.sg(), sg),
                emptyKg == null ? null : number(fields.empty(), emptyKg),
                fullKg == null ? null : number(fields.full(), fullKg));
    }

    static double number(String field, String value) {
        try {
            double v = Double.parseDouble(value);
            PipelineException.require(Double.isFinite(v), field, value, "must be a finite number");
            return v;
        } catch (NumberFormatException e) {
            throw new PipelineException(field, value, "must be a number");
        }
    }
}
