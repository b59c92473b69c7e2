package com.scalesense.cal.command;

import com.scalesense.agent.pipeline.keg.KegType;
import java.util.Arrays;
import java.util.Iterator;
import java.util.stream.Collectors;
import picocli.CommandLine;

/** {@code --type}: a keg type by its wire name (seed 000's table), also offered for completion. */
final class KegTypeConverter implements CommandLine.ITypeConverter<KegType>, Iterable<String> {

    @Override
    public KegType convert(String value) {
        for (KegType t : KegType.values()) {
            if (t.wireName().equals(value)) {
                return t;
            }
        }
        String shown = value.length() > 40 ? value.substring(0, 40) + "…" : value;
        throw new CommandLine.TypeConversionException("keg_type = '" + shown + "': must be one of " + allowed());
    }

    /** The wire names, for completion candidates. */
    @Override
    public Iterator<String> iterator() {
        return Arrays.stream(KegType.values()).map(KegType::wireName).iterator();
    }

    static String allowed() {
        return Arrays.stream(KegType.values()).map(KegType::wireName).collect(Collectors.joining(", "));
    }
}
