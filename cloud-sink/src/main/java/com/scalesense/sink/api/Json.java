package com.scalesense.sink.api;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;

/** JSON out: ordered objects with snake_case names, numbers as plain decimals, instants RFC 3339 to the second. */
final class Json {

    static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN).build();

    private Json() {
    }

    /** An object of name/value pairs in the order given (values may be null). */
    static Map<String, Object> obj(Object... pairs) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            out.put((String) pairs[i], pairs[i + 1]);
        }
        return out;
    }

    /** Seed 001's timestamp convention: RFC 3339 UTC, second precision; null stays null. */
    static String time(Instant at) {
        return at == null ? null : at.truncatedTo(ChronoUnit.SECONDS).toString();
    }

    /** {@code value} to {@code places} decimals, half up; null stays null. */
    static BigDecimal round(Double value, int places) {
        return value == null ? null : BigDecimal.valueOf(value).setScale(places, RoundingMode.HALF_UP).stripTrailingZeros();
    }

    static String write(Object body) {
        try {
            return MAPPER.writeValueAsString(body);
        } catch (JsonProcessingException e) {
            // Bodies are maps, lists and scalars built by this package: a failure is our bug.
            throw new IllegalStateException("response not serialisable", e);
        }
    }
}
