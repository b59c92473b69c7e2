package com.scalesense.protocol.internal;

import com.scalesense.protocol.Ids;

/** Keg vocabulary shared by tare events and commands (seed 000). */
final class KegRules {

    static final String KEG_ID_RULE =
            "must be keg-YYYYMMDD-xxxx: a real date and 3..8 characters of [A-Za-z0-9_-] (seed 000)";
    static final String KEG_TYPE_RULE =
            "must be one of half_barrel, quarter_barrel, sixth_barrel, slim_quarter (seed 000)";
    static final String BEER_ID_RULE = Ids.BEER_ID_RULE;

    private KegRules() {
    }
}
