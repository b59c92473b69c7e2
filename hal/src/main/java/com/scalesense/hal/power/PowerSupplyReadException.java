package com.scalesense.hal.power;

import com.scalesense.hal.HalException;

import java.nio.file.Path;

/** A power_supply attribute file is missing, unreadable, or holds a value that breaks its rule. */
public final class PowerSupplyReadException extends HalException {

    private static final long serialVersionUID = 1L;
    private static final int MAX_SHOWN_CHARS = 40;

    private final transient Path file;
    private final String value;
    private final String rule;

    public PowerSupplyReadException(Path file, String value, String rule, Throwable cause) {
        super(file + ": '" + cut(value) + "' breaks rule: " + rule, cause);
        this.file = file;
        this.value = cut(value);
        this.rule = rule;
    }

    private static String cut(String text) {
        return text.length() <= MAX_SHOWN_CHARS ? text : text.substring(0, MAX_SHOWN_CHARS) + "...";
    }

    public Path file() {
        return file;
    }

    /** The offending content, cut to 40 characters; empty if the file could not be read. */
    public String value() {
        return value;
    }

    public String rule() {
        return rule;
    }
}
