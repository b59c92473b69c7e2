package com.scalesense.sink.rejection;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintStream;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Counts rejections as the CloudWatch metric {@value #NAMESPACE} / {@value #METRIC}, by printing
 * one Embedded Metric Format line per rejection to the function's standard output (Lambda sends
 * it to CloudWatch Logs, which extracts the metric; AWS "Embedded metric format specification").
 * Two dimension sets: {@code Rule} (one series per rule) and none (the total the alarm in
 * template.yaml watches). Printed by hand rather than with aws-embedded-metrics: one JSON line,
 * no extra jar in the Lambda package, no background flush to lose on a frozen container.
 */
public final class RejectionMetrics {

    public static final String NAMESPACE = "ScaleSense/Sink";
    public static final String METRIC = "Rejections";
    public static final String DIMENSION = "Rule";
    /** Batches still held after a replay sweep (no dimension): the alarm on it warns before the 30-day TTL. */
    public static final String HELD = "HeldBatches";

    private static final ObjectMapper JSON = new ObjectMapper();

    private final PrintStream out;

    public RejectionMetrics(PrintStream out) {
        this.out = out;
    }

    /** The EMF document of one rejection under {@code rule} at {@code at}. */
    public static String document(String rule, Instant at) {
        return document(METRIC, 1, List.of(List.of(DIMENSION), List.of()), Map.of(DIMENSION, rule), at);
    }

    private static String document(String name, long value, List<List<String>> dimensions, Map<String, String> values,
                                   Instant at) {
        Map<String, Object> metric = new LinkedHashMap<>();
        metric.put("Namespace", NAMESPACE);
        metric.put("Dimensions", dimensions);
        metric.put("Metrics", List.of(Map.of("Name", name, "Unit", "Count")));
        Map<String, Object> aws = new LinkedHashMap<>();
        aws.put("Timestamp", at.toEpochMilli());
        aws.put("CloudWatchMetrics", List.of(metric));
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("_aws", aws);
        doc.putAll(values);
        doc.put(name, value);
        try {
            return JSON.writeValueAsString(doc);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("EMF document of plain values cannot fail to encode", e);
        }
    }

    public void count(String rule, Instant at) {
        out.println(document(rule, at));
    }

    /** Records how many batches a replay sweep left held ({@value #HELD}, a gauge without dimensions). */
    public void held(long stillHeld, Instant at) {
        out.println(document(HELD, stillHeld, List.of(List.of()), Map.of(), at));
    }
}
