package com.scalesense.sink.api;

import com.scalesense.sink.admin.KegAssigner;
import com.scalesense.sink.admin.KegAssignment;
import com.scalesense.sink.admin.LocationProfile;
import com.scalesense.sink.admin.LocationSettingsStore;
import com.scalesense.sink.admin.NotFoundException;
import com.scalesense.sink.query.AlertQueries;
import com.scalesense.sink.query.CatalogQueries;
import com.scalesense.sink.query.Item;
import com.scalesense.sink.query.TapQueries;
import com.scalesense.sink.query.TapView;
import com.scalesense.sink.validation.Fields;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/** The dashboard, a tap's keg history and keg assignment. */
final class TapRoutes {

    private final TapQueries taps;
    private final AlertQueries alerts;
    private final CatalogQueries catalog;
    private final LocationSettingsStore settings;
    private final KegAssigner assigner;
    private final Clock clock;

    TapRoutes(TapQueries taps, AlertQueries alerts, CatalogQueries catalog, LocationSettingsStore settings,
              KegAssigner assigner, Clock clock) {
        this.taps = taps;
        this.alerts = alerts;
        this.catalog = catalog;
        this.settings = settings;
        this.assigner = assigner;
        this.clock = clock;
    }

    List<Route> routes() {
        return List.of(
                new Route("GET", "/v1/locations/{loc_id}/dashboard", this::dashboard),
                new Route("GET", "/v1/locations/{loc_id}/taps/{tap_number}/kegs", this::kegs),
                new Route("PUT", "/v1/locations/{loc_id}/taps/{tap_number}/keg", this::assign));
    }

    /** One Query for the taps, one GetItem for the settings, one Query for the alerts, one GetItem per distinct beer. */
    ApiResponse dashboard(ApiRequest request) {
        String locId = request.locId();
        List<TapView> views = taps.dashboard(locId);
        Map<String, Item> beers = new LinkedHashMap<>();
        views.stream().map(v -> v.config() == null ? null : v.config().string("beer_id")).filter(Objects::nonNull)
                .distinct().forEach(ref -> catalog.beerProfile(ref).ifPresent(b -> beers.put(ref, b)));
        LocationProfile profile = settings.get(locId).orElse(LocationProfile.defaults(locId));
        return ApiResponse.ok(DashboardView.of(locId, profile, views, beers, alerts.activeAlerts(locId), clock.instant()));
    }

    ApiResponse kegs(ApiRequest request) {
        String locId = request.locId();
        String tapNumber = request.tapNumber();
        String current = taps.tapConfig(locId, tapNumber)
                .orElseThrow(() -> new NotFoundException("tap", locId + "#TAP#" + tapNumber)).string("keg_id");
        List<Map<String, Object>> kegs = taps.kegHistory(locId, tapNumber).stream()
                .map(k -> Json.obj("keg_id", k.string("keg_id"), "beer_id", k.string("beer_id"),
                        "keg_type", k.string("keg_type"), "tapped_at", k.string("tapped_at"),
                        "current", k.string("keg_id") != null && k.string("keg_id").equals(current)))
                .toList();
        return ApiResponse.ok(Json.obj("loc_id", locId, "tap_id", locId + "#TAP#" + tapNumber, "tap_number", tapNumber,
                "kegs", kegs));
    }

    /**
     * 202: written in the cloud, pending until the scale's readings carry the new keg_id. {@code full}
     * (default false: the level is an estimate until tared) says the keg is new and full from the
     * brewery; {@code keg_id} adopts the id the tap's scale already uses (its held batches are let in
     * by the next 5-minute sweep).
     */
    ApiResponse assign(ApiRequest request) {
        String locId = request.locId();
        String tapNumber = request.tapNumber();
        JsonBody body = JsonBody.parse(request.body(), Set.of("beer_id", "keg_type", "full", "keg_id"));
        boolean full = body.optionalBoolean("full", false);
        String kegId = body.optionalText("keg_id");
        String beerRef = Fields.beerRef(body.text("beer_id"));
        int hash = beerRef.indexOf('#');
        if (hash >= 0 && !beerRef.substring(0, hash).equals(locId)) {
            // Another bar's custom beer: as absent as a beer that does not exist.
            throw new NotFoundException("beer", beerRef);
        }
        KegAssignment a = assigner.assign(locId, tapNumber, beerRef, body.text("keg_type"), kegId, full);
        return ApiResponse.status(202, Json.obj("keg_id", a.kegId(), "tap_id", a.tapId(), "tap_number", tapNumber,
                "beer_id", a.beerRef(), "keg_type", a.kegType(), "status", "pending",
                "requested_at", Json.time(a.tappedAt()), "full_lbs", a.fullLbs(), "empty_lbs", a.emptyLbs(),
                "specific_gravity", a.specificGravity(), "weights_measured", a.weightsMeasured(), "full", a.full()));
    }
}
