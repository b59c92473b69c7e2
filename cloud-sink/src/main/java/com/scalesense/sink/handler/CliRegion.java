package com.scalesense.sink.handler;

import com.scalesense.sink.validation.InvalidInputException;
import java.util.Arrays;
import java.util.Map;
import java.util.regex.Pattern;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.regions.providers.AwsProfileRegionProvider;

/**
 * The AWS region of {@link AdminCli}, decided before any client exists: {@code --region} before
 * the command, else {@code AWS_REGION}, {@code AWS_DEFAULT_REGION} (what AWS CLI v1 reads), the
 * {@code aws.region} system property, or the region of the AWS profile file. Unlike the SDK's
 * default chain it never asks the EC2 metadata service: an operator's machine has none, and the
 * lookup would end in a stack trace instead of a message naming what to set.
 */
final class CliRegion {

    /** An AWS region name, e.g. {@code us-east-1}, {@code us-gov-west-1}, {@code ap-southeast-2}. */
    static final Pattern REGION = Pattern.compile("^[a-z]{2}(?:-[a-z]+)+-[0-9]{1,2}$");
    static final String OPTION = "--region";
    static final String RULE = "must be an AWS region like us-east-1";
    static final String MISSING = "must be set: export AWS_REGION=us-east-1, or give --region us-east-1 before the"
            + " command (any region does for DynamoDB Local)";

    /** The command line without {@code --region <name>}, and that name (null when not given). */
    record Parsed(String[] args, String region) {
    }

    private CliRegion() {
    }

    /** @throws InvalidInputException naming {@code --region} if it is given without a valid region after it */
    static Parsed parse(String[] args) {
        if (args.length == 0 || !args[0].equals(OPTION)) {
            return new Parsed(args, null);
        }
        if (args.length < 2) {
            throw new InvalidInputException(OPTION, "<none>", RULE + " after it");
        }
        if (!REGION.matcher(args[1]).matches()) {
            throw new InvalidInputException(OPTION, args[1], RULE);
        }
        return new Parsed(Arrays.copyOfRange(args, 2, args.length), args[1]);
    }

    /**
     * The region to use.
     *
     * @param given {@code --region}'s value, or null
     * @param env   the process environment
     * @throws InvalidInputException naming {@code region} and what to set when no source has one
     */
    static Region resolve(String given, Map<String, String> env) {
        String name = given != null ? given : firstSet(env.get("AWS_REGION"), env.get("AWS_DEFAULT_REGION"),
                System.getProperty("aws.region"));
        if (name != null) {
            return Region.of(name);
        }
        try {
            return new AwsProfileRegionProvider().getRegion();
        } catch (SdkException | IllegalStateException e) {
            // no profile file, or no region in it: the message below says what to set
            throw new InvalidInputException("region", "<none>", MISSING);
        }
    }

    private static String firstSet(String... values) {
        return Arrays.stream(values).filter(v -> v != null && !v.isBlank()).map(String::strip).findFirst().orElse(null);
    }
}
