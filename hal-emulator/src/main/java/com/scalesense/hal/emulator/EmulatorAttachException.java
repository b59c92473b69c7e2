package com.scalesense.hal.emulator;

import com.scalesense.hal.HalException;

/** The emulator could not attach: a pin id is missing or is not a Pi4J mock pin of the right kind. */
public final class EmulatorAttachException extends HalException {

    private static final long serialVersionUID = 1L;

    private final String pinId;

    public EmulatorAttachException(String pinId, String problem) {
        super("cannot attach HX711 emulator to pin '" + pinId + "': " + problem);
        this.pinId = pinId;
    }

    public String pinId() {
        return pinId;
    }
}
