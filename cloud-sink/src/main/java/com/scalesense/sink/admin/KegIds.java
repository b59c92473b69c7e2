package com.scalesense.sink.admin;

import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.random.RandomGenerator;

/**
 * Makes keg ids {@code keg-YYYYMMDD-xxxx} as seed 000's beer assignment does: the UTC date of
 * the injected clock and a 4-character nanoid from the injected random source.
 *
 * <p>4 characters of a 64-symbol alphabet give 16 777 216 ids per day; the assignment writes
 * the keg with {@code attribute_not_exists} so a collision is caught, never overwritten.
 */
public final class KegIds {

    /** nanoid's URL-safe alphabet: 64 symbols, so each character carries 6 random bits. */
    static final String ALPHABET = "useandom-26T198340PX75pxJACKVERYMINDBUSHWOLF_GQZbfghjklqvwyzrict";
    static final int SUFFIX_LENGTH = 4;
    private static final DateTimeFormatter DAY = DateTimeFormatter.BASIC_ISO_DATE;

    private final Clock clock;
    private final RandomGenerator random;

    public KegIds(Clock clock, RandomGenerator random) {
        this.clock = clock;
        this.random = random;
    }

    public String next() {
        StringBuilder id = new StringBuilder("keg-")
                .append(LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC).format(DAY))
                .append('-');
        for (int i = 0; i < SUFFIX_LENGTH; i++) {
            id.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        return id.toString();
    }
}
