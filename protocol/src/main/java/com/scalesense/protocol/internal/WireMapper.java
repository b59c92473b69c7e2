package com.scalesense.protocol.internal;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.scalesense.protocol.DeviceEvent;

/**
 * The one Jackson configuration of the contract. Strict on reading (a value has exactly one
 * spelling), tolerant only of unknown fields, so newer firmware can add fields within a
 * schema_version without breaking an older sink.
 */
public final class WireMapper {

    /**
     * Our deepest message is batch → readings → reading → sensor_status (depth 4); 32 leaves
     * room for additive fields and stops nesting bombs long before Jackson's default of 1000.
     */
    static final int MAX_NESTING_DEPTH = 32;
    /** Longest legitimate number text: a double printed in full is under 25 characters. */
    static final int MAX_NUMBER_LENGTH = 64;
    /** Field names are short snake_case words; sensor names are at most 32 characters. */
    static final int MAX_NAME_LENGTH = 256;

    private WireMapper() {
    }

    /** A new mapper; thread-safe once built, share it. */
    public static ObjectMapper create(int maxPayloadBytes) {
        var limits = StreamReadConstraints.builder()
                .maxNestingDepth(MAX_NESTING_DEPTH)
                .maxNumberLength(MAX_NUMBER_LENGTH)
                .maxNameLength(MAX_NAME_LENGTH)
                .maxStringLength(maxPayloadBytes)
                .maxDocumentLength(maxPayloadBytes)
                .build();
        var factory = JsonFactory.builder()
                .streamReadConstraints(limits)
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .build();
        var mapper = JsonMapper.builder(factory)
                .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                .serializationInclusion(JsonInclude.Include.NON_NULL)
                .addMixIn(DeviceEvent.class, DeviceEventMixIn.class)
                // null inside a list or map fails where it stands (readings[2]), not later in a
                // record constructor that can only name the whole message
                .defaultSetterInfo(JsonSetter.Value.forContentNulls(Nulls.FAIL))
                .addModule(new LowerSnakeEnums())
                .addModule(new FiniteNumbers())
                .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
                .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
                .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
                // Map.copyOf iterates in a per-JVM random order; sorted keys make encoding
                // deterministic, so a batch re-encoded after a restart is byte-for-byte the same.
                .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
                .build();
        // Numbers and booleans are never text, and text is never a number: "12" is not 12.
        for (var target : new LogicalType[] {LogicalType.Textual, LogicalType.Integer,
                LogicalType.Float, LogicalType.Boolean}) {
            var config = mapper.coercionConfigFor(target);
            for (var shape : new CoercionInputShape[] {CoercionInputShape.Integer, CoercionInputShape.Float,
                    CoercionInputShape.Boolean, CoercionInputShape.String, CoercionInputShape.EmptyString}) {
                config.setCoercion(shape, CoercionAction.Fail);
            }
        }
        mapper.coercionConfigFor(LogicalType.Float).setCoercion(CoercionInputShape.Integer, CoercionAction.TryConvert);
        return mapper;
    }
}
