package com.scalesense.cal;

/** The technician (or a script without {@code --yes}) did not confirm; nothing was committed. */
public final class DeclinedException extends CalException {

    private static final long serialVersionUID = 1L;

    public DeclinedException(String what) {
        super(what + " not confirmed: nothing was committed", null);
    }

    @Override
    public int exitCode() {
        return ExitCodes.REFUSED;
    }

    @Override
    public String code() {
        return "not_confirmed";
    }
}
