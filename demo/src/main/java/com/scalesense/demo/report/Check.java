package com.scalesense.demo.report;

/**
 * One comparison of what the scales produced with what the tables hold.
 *
 * @param subject  what was compared, e.g. {@code TAP#02 device_readings}
 * @param expected what the scales produced, as text
 * @param actual   what the tables hold, as text
 */
public record Check(String subject, String expected, String actual) {

    public boolean ok() {
        return expected.equals(actual);
    }

    @Override
    public String toString() {
        return (ok() ? "ok   " : "FAIL ") + subject + ": expected " + expected + (ok() ? "" : ", stored " + actual);
    }
}
