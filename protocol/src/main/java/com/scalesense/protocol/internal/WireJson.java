package com.scalesense.protocol.internal;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;

/**
 * The one JSON configuration of the contract, on jackson-core's streaming parser and generator
 * alone (issue 18: the scale loads no object mapper). The parser refuses what no message of ours
 * needs before anything is bound: duplicate keys, deep nesting, long numbers and names.
 */
public final class WireJson {

    /**
     * Our deepest message is batch → readings → reading → sensor_status (depth 4); 32 leaves
     * room for additive fields and stops nesting bombs long before Jackson's default of 1000.
     */
    static final int MAX_NESTING_DEPTH = 32;
    /** Longest legitimate number text: a double printed in full is under 25 characters. */
    static final int MAX_NUMBER_LENGTH = 64;
    /** Field names are short snake_case words; sensor names are at most 32 characters. */
    static final int MAX_NAME_LENGTH = 256;

    private WireJson() {
    }

    /** A new factory for payloads of at most {@code maxPayloadBytes}; thread-safe, share it. */
    public static JsonFactory factory(int maxPayloadBytes) {
        var limits = StreamReadConstraints.builder()
                .maxNestingDepth(MAX_NESTING_DEPTH)
                .maxNumberLength(MAX_NUMBER_LENGTH)
                .maxNameLength(MAX_NAME_LENGTH)
                .maxStringLength(maxPayloadBytes)
                .maxDocumentLength(maxPayloadBytes)
                .build();
        return JsonFactory.builder()
                .streamReadConstraints(limits)
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .build();
    }
}
