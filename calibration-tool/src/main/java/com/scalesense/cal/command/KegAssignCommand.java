package com.scalesense.cal.command;

import com.scalesense.control.ControlClient;
import com.scalesense.control.Replies;
import com.scalesense.agent.pipeline.keg.KegType;
import com.scalesense.cal.ExitCodes;
import com.scalesense.cal.output.ResultText;
import com.scalesense.protocol.Ids;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code keg assign}: the keg now on the tap, with its beer; its tare starts pending. */
@Command(name = "assign", mixinStandardHelpOptions = true,
        description = {"Assign the keg now on the tap: the beer in it, its type (reference empty and full weights "
                + "of seed 000) and the beer's specific gravity. The tare starts pending: tare it empty and full next.",
            "The scale has no beer library: --beer names the beer, --sg gives its gravity. Take both from the beer "
                + "library (seeds/beers.json: id and specific_gravity).",
            "With the cloud in use, assign kegs there (the bar's dashboard page, AdminCli keg assign): the keg "
                + "reaches the scale by itself. Here, --keg-id must then name that keg."},
        footerHeading = "%nExamples:%n", footer = {
            "  scale-cal keg assign --beer guinness-draught --type half_barrel --sg 1.014",
            "  scale-cal keg assign --beer coors-light --type sixth_barrel --sg 1.007 \\",
            "      --keg-id keg-20261122-007         # with the cloud: the keg it assigned",
            "  scale-cal keg assign --type half_barrel              # beer unknown, sg 1.0",
            "  scale-cal keg assign --beer coors-light --type half_barrel --sg 1.007 --full   # a new keg, full",
            "  (sg from seed 000: Guinness 1.014, Coors Light 1.007)"})
final class KegAssignCommand extends KegSubcommand {

    /** Specific gravity the agent accepts: light lagers ~1.007 to stouts ~1.014 (seed 000), with margin. */
    static final double MIN_SG = 0.9;
    static final double MAX_SG = 1.2;
    /** Letters of a generated keg id's suffix (seed 000: keg-YYYYMMDD-xxxx). */
    private static final String SUFFIX_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789";
    private static final int SUFFIX_LENGTH = 4;

    @Option(names = "--type", required = true, paramLabel = "TYPE", converter = KegTypeConverter.class,
            completionCandidates = KegTypeConverter.class,
            description = "Keg type: ${COMPLETION-CANDIDATES}.")
    private KegType type;

    @Option(names = "--beer", paramLabel = "BEER_ID",
            description = "The beer in the keg, its beer library id, e.g. guinness-draught: 1..64 lower-case words "
                    + "joined by '-', or the bar's own beer after its loc_id and '#', e.g. loc-001#house-ale "
                    + "(default: none, the beer stays unknown).")
    private String beer;

    @Option(names = "--sg", defaultValue = "1.0", paramLabel = "SG",
            description = "Specific gravity of the beer, 0.9..1.2 (default: ${DEFAULT-VALUE}, water): the beer's "
                    + "specific_gravity in the beer library.")
    private double sg;

    @Option(names = "--full",
            description = "The keg is new, full from the brewery (not one moved from another tap): the weight it was "
                    + "set down with becomes its full weight (tare_status full_set) and its level counts down from it. "
                    + "Without it the level is an estimate (tare_status pending) until the keg is tared.")
    private boolean full;

    @Option(names = "--keg-id", paramLabel = "ID",
            description = {"Keg id like keg-20261122-a7x2. On a scale that sends to the cloud (mqtt.broker_uri set) "
                    + "it is required and must be a keg the cloud assigned to this location: the cloud refuses "
                    + "readings of a keg it does not know. Offline scale: default generated from today's date."})
    private String kegId;

    @Override
    public Integer call() {
        if (beer != null && !Ids.isBeerId(beer)) {
            throw Arguments.usage(spec(), "--beer", beer, Ids.BEER_ID_RULE);
        }
        Arguments.inRange(spec(), "--sg", sg, MIN_SG, MAX_SG);
        if (kegId != null && !Ids.KEG_ID.matcher(kegId).matches()) {
            throw Arguments.usage(spec(), "--keg-id", kegId, "must be like keg-20260318-007 (seed 000)");
        }
        Replies.Status scale = agent("keg assign", ControlClient::status);
        boolean cloud = scale.connectivity() != null && scale.connectivity().configured();
        if (cloud && kegId == null) {
            throw new CommandLine.ParameterException(spec().commandLine(), CloudKegs.missingKegId(scale, type));
        }
        String id = kegId != null ? kegId : generatedId();
        Replies.Keg keg = agent("keg assign", c -> c.assignKeg(id, beer, type.wireName(), sg, full));
        List<String> lines = new ArrayList<>();
        lines.add("keg assigned: " + ResultText.keg(keg));
        if (cloud) {
            lines.add(CloudKegs.reminder(scale, id));
        }
        if (beer != null && !spec().commandLine().getParseResult().hasMatchedOption("--sg")) {
            lines.add("note: gallons use sg " + sg + " (water): give " + beer + "'s specific_gravity from the beer "
                    + "library with --sg");
        }
        lines.add("next: scale-cal keg tare-empty (empty keg on the platform) or scale-cal keg tare-full (full keg)");
        emit(keg, lines);
        return ExitCodes.OK;
    }

    private String generatedId() {
        LocalDate today = LocalDate.now(io().clock().withZone(ZoneOffset.UTC));
        StringBuilder suffix = new StringBuilder();
        for (int i = 0; i < SUFFIX_LENGTH; i++) {
            suffix.append(SUFFIX_CHARS.charAt(io().random().nextInt(SUFFIX_CHARS.length())));
        }
        return "keg-" + today.format(DateTimeFormatter.BASIC_ISO_DATE) + "-" + suffix;
    }
}
