package com.scalesense.sink.api;

import com.scalesense.sink.admin.Beer;
import com.scalesense.sink.admin.BeerLibrary;
import com.scalesense.sink.admin.NotFoundException;
import com.scalesense.sink.query.Analytics;
import com.scalesense.sink.query.CatalogQueries;
import com.scalesense.sink.query.KegLevels;
import com.scalesense.sink.validation.Fields;
import com.scalesense.sink.validation.InvalidInputException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The beer library of a location and a keg's level chart. */
final class CatalogRoutes {

    /** The chart's default range (openapi.yaml): the last day of a keg. */
    static final Duration DEFAULT_LEVELS_SPAN = Duration.ofHours(24);

    private final BeerLibrary library;
    private final CatalogQueries catalog;
    private final Analytics analytics;
    private final Clock clock;

    CatalogRoutes(BeerLibrary library, CatalogQueries catalog, Analytics analytics, Clock clock) {
        this.library = library;
        this.catalog = catalog;
        this.analytics = analytics;
        this.clock = clock;
    }

    List<Route> routes() {
        return List.of(
                new Route("GET", "/v1/locations/{loc_id}/beers", this::beers),
                new Route("POST", "/v1/locations/{loc_id}/beers", this::createBeer),
                new Route("GET", "/v1/locations/{loc_id}/kegs/{keg_id}/levels", this::levels));
    }

    ApiResponse beers(ApiRequest request) {
        String locId = request.locId();
        String raw = request.query("q");
        // an empty search box (?q=) lists everything, as no q does
        String q = raw == null || raw.isBlank() ? null : Fields.text("q", raw, 100);
        return ApiResponse.ok(Json.obj("loc_id", locId,
                "beers", library.search(locId, q).stream().map(CatalogRoutes::beer).toList()));
    }

    ApiResponse createBeer(ApiRequest request) {
        String locId = request.locId();
        JsonBody body = JsonBody.parse(request.body(),
                Set.of("beer_id", "name", "brewery", "style", "abv", "specific_gravity"));
        Double sg = body.optionalNumber("specific_gravity");
        Beer beer = new Beer(body.text("beer_id"), locId, body.text("name"), body.optionalText("brewery"),
                body.optionalText("style"), body.optionalNumber("abv"), sg == null ? Beer.DEFAULT_SPECIFIC_GRAVITY : sg);
        library.create(beer);
        return ApiResponse.status(201, beer(beer));
    }

    ApiResponse levels(ApiRequest request) {
        String locId = request.locId();
        String kegId = Fields.match("keg_id", request.pathParam("keg_id"), Fields.KEG_ID);
        // A keg of another location is as absent as one that never existed.
        catalog.kegLifecycle(kegId).filter(k -> locId.equals(k.string("loc_id")))
                .orElseThrow(() -> new NotFoundException("keg", kegId));
        Instant to = instant("to", request.query("to"), clock.instant());
        Instant from = instant("from", request.query("from"), to.minus(DEFAULT_LEVELS_SPAN));
        KegLevels levels = analytics.kegLevels(kegId, from, to);
        return ApiResponse.ok(Json.obj("keg_id", kegId, "from", Json.time(levels.from()), "to", Json.time(levels.to()),
                "bin_secs", levels.binSecs(), "points", levels.points().stream()
                        .map(p -> Json.obj("at", p.start().toString(), "level_pct", Json.round(p.average(), 1))).toList()));
    }

    private static Map<String, Object> beer(Beer b) {
        return Json.obj("beer_id", b.ref(), "name", b.name(), "brewery", b.brewery(), "style", b.style(),
                "abv", b.abv(), "specific_gravity", b.specificGravity(), "custom", b.isCustom());
    }

    /** RFC 3339 with any offset ({@code Z}, {@code +01:00}); absent gives {@code fallback}. */
    private static Instant instant(String field, String text, Instant fallback) {
        if (text == null) {
            return fallback;
        }
        try {
            return OffsetDateTime.parse(text).toInstant();
        } catch (DateTimeParseException e) {
            throw new InvalidInputException(field, text, "must be an RFC 3339 time like 2026-11-21T22:00:00Z");
        }
    }
}
