package com.scalesense.agent.control.internal;

import com.scalesense.agent.AgentException;
import com.scalesense.agent.control.ControlService;
import com.scalesense.agent.pipeline.ImplausibleTareException;
import com.scalesense.agent.pipeline.KegNotAssignedException;
import com.scalesense.agent.pipeline.PipelineException;
import com.scalesense.agent.pipeline.TareRejectedException;
import com.scalesense.agent.pipeline.calibration.CalibrationRejectedException;
import com.scalesense.agent.scale.NoCandidateException;
import com.scalesense.agent.scale.ScaleNotCalibratedException;
import com.scalesense.control.ControlException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Parses one request line, validates its fields, calls the service and writes the reply lines
 * (JSON, one per line, without the newline; {@link ControlLineCodec}).
 */
public final class RequestHandler {

    private static final Logger LOG = LoggerFactory.getLogger(RequestHandler.class);
    /** Longest live stream or trace one request may ask for: 10 minutes. */
    static final int MAX_SECONDS = 600;
    /** Most samples one live request may stream: 10 minutes at 80 SPS. */
    static final int MAX_LIVE_SAMPLES = MAX_SECONDS * 80;

    /** Heaviest test weight on the simulated 200 kg cell, kg (LoadCellSpec.typical's capacity). */
    static final double MAX_SIM_KG = 200;

    private final ControlService service;

    public RequestHandler(ControlService service) {
        this.service = service;
    }

    /** Handles {@code line}; every reply line goes to {@code out} (the last one ends the exchange). */
    public void handle(String line, Consumer<String> out) {
        try {
            Map<String, ControlLineCodec.Value> request = ControlLineCodec.request(line);
            Object result = dispatch(request, sample -> out.accept(ok("sample", sample)));
            out.accept(ok("result", result));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            out.accept(error("interrupted", "the agent is stopping"));
        } catch (Exception e) {
            out.accept(errorOf(e));
        }
    }

    private Object dispatch(Map<String, ControlLineCodec.Value> r, Consumer<Object> stream) throws InterruptedException {
        String op = text(r, "op");
        return switch (op) {
            case "status" -> service.status();
            case "live" -> {
                int count = (int) number(r, "count", 1, MAX_LIVE_SAMPLES, 50);
                int seconds = (int) number(r, "max_seconds", 1, MAX_SECONDS, 30);
                int[] sent = {0};
                service.live(count, Duration.ofSeconds(seconds), s -> {
                    sent[0]++;
                    stream.accept(s);
                });
                yield Map.of("samples", sent[0]);
            }
            case "tare" -> service.tare();
            case "calibrate" -> switch (text(r, "action")) {
                case "add" -> service.calibrateAdd(number(r, "known_kg", 0, 10_000, Double.NaN));
                case "fit" -> service.calibrateFit();
                case "commit" -> service.calibrateCommit();
                case "cancel" -> service.calibrateCancel();
                default -> throw ControlException.badField("action", r.get("action").text(),
                        "must be add, fit, commit or cancel");
            };
            case "assign_keg" -> service.assignKeg(text(r, "keg_id"), optionalText(r, "beer_id"),
                    text(r, "keg_type"), number(r, "sg", 0.9, 1.2, 1.0), flag(r, "full"));
            case "keg_tare" -> service.tareKeg(text(r, "kind"));
            case "calibration_history" -> service.calibrationHistory();
            case "record_trace" -> service.recordTrace(path(r, "file"),
                    Duration.ofSeconds((long) number(r, "seconds", 1, MAX_SECONDS, 30)));
            case "selftest" -> service.selftest();
            case "sim_load" -> service.simulatedWeight(number(r, "kg", 0, MAX_SIM_KG, Double.NaN));
            case "sim_unload" -> service.simulatedWeight(null);
            default -> throw ControlException.badField("op", op, "must be one of status, live, tare, calibrate, "
                    + "assign_keg, keg_tare, calibration_history, record_trace, selftest, sim_load, sim_unload");
        };
    }

    private static String text(Map<String, ControlLineCodec.Value> r, String field) {
        ControlLineCodec.Value v = r.get(field);
        if (v == null || !v.isText() || v.text().isEmpty()) {
            throw ControlException.badField(field, v, "is required and must be a non-empty string");
        }
        return v.text();
    }

    /** A non-empty string, or null when the field is absent or JSON null. */
    private static String optionalText(Map<String, ControlLineCodec.Value> r, String field) {
        ControlLineCodec.Value v = r.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isText() || v.text().isEmpty()) {
            throw ControlException.badField(field, v, "must be a non-empty string when given");
        }
        return v.text();
    }

    /** A JSON boolean; false when the field is absent or JSON null. */
    private static boolean flag(Map<String, ControlLineCodec.Value> r, String field) {
        ControlLineCodec.Value v = r.get(field);
        if (v == null || v.isNull()) {
            return false;
        }
        if (!v.isBoolean()) {
            throw ControlException.badField(field, v, "must be true or false when given");
        }
        return v.isTrue();
    }

    /** A number in [min, max]; {@code dflt} when absent, unless it is NaN (required). */
    private static double number(Map<String, ControlLineCodec.Value> r, String field, double min, double max, double dflt) {
        ControlLineCodec.Value v = r.get(field);
        if (v == null && !Double.isNaN(dflt)) {
            return dflt;
        }
        if (v == null || !v.isNumber() || !(v.number() >= min && v.number() <= max)) {
            throw ControlException.badField(field, v, "must be a number in " + min + ".." + max);
        }
        return v.number();
    }

    private static Path path(Map<String, ControlLineCodec.Value> r, String field) {
        String s = text(r, field);
        try {
            Path p = Path.of(s);
            if (!p.isAbsolute()) {
                throw ControlException.badField(field, s, "must be an absolute path (the agent's working directory is not yours)");
            }
            return p;
        } catch (InvalidPathException e) {
            throw ControlException.badField(field, s, "must be a file path");
        }
    }

    private static String ok(String key, Object value) {
        return ControlLineCodec.ok(key, value);
    }

    /** {@code {"ok":false,"error":{"code":...,"message":...}}}, one line without the newline. */
    public static String error(String code, String message) {
        return ControlLineCodec.error(code, message);
    }

    private static String errorOf(Exception e) {
        if (e instanceof ControlException c) {
            return error(c.code(), c.getMessage());
        } else if (e instanceof ScaleNotCalibratedException n) {
            return error(ScaleNotCalibratedException.CODE, n.getMessage());
        } else if (e instanceof NoCandidateException n) {
            return error(NoCandidateException.CODE, n.getMessage());
        } else if (e instanceof CalibrationRejectedException c) {
            return error("fit_rejected", c.getMessage());
        } else if (e instanceof TareRejectedException t) {
            return error("not_stable", t.getMessage());
        } else if (e instanceof KegNotAssignedException k) {
            return error("no_keg", k.getMessage());
        } else if (e instanceof ImplausibleTareException t) {
            return error("implausible_tare", t.getMessage());
        } else if (e instanceof PipelineException p) {
            return error("bad_request", p.getMessage());
        } else if (e instanceof AgentException a) {
            LOG.warn("control request failed", a);
            return error("failed", a.getMessage());
        }
        LOG.error("control request failed unexpectedly", e);
        return error("internal", e.toString());
    }
}
