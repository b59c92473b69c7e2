package com.scalesense.sink.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.scalesense.sink.admin.DeviceRegistry;
import com.scalesense.sink.admin.KegAssigner;
import com.scalesense.sink.admin.KegIds;
import com.scalesense.sink.admin.Taps;
import com.scalesense.sink.apikey.ApiKeyPepper;
import com.scalesense.sink.apikey.ApiKeys;
import com.scalesense.sink.handler.HttpApiHandler;
import com.scalesense.sink.seed.SeedLoader;
import com.scalesense.sink.seed.SeedReader;
import com.scalesense.sink.tables.AssignmentAttrs;
import com.scalesense.sink.tables.Attr;
import com.scalesense.sink.testing.Batches;
import com.scalesense.sink.testing.RecordingCommands;
import com.scalesense.sink.testing.SinkHarness;
import com.scalesense.sink.testing.WithLocalDynamo;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The HTTP API end to end on DynamoDB Local, through {@link LocalApiServer} over real HTTP on
 * 127.0.0.1: seed 001 keys and their location scope, every route's happy path checked against
 * openapi.yaml, and a bad input per route that is refused with the field named and nothing written.
 */
class HttpApiIT extends WithLocalDynamo {

    static final ApiKeyPepper PEPPER = ApiKeyPepper.fromEnvironment(Map.of(ApiKeyPepper.ENV, "http-api-it-pepper-0123"));
    /** An hour after the test batches' first reading (Batches.T0). */
    static final Instant NOW = Instant.ofEpochMilli(Batches.T0).plus(Duration.ofHours(1));
    static final String LOC = Batches.LOC_ID;
    static final OpenApiDocument DOC = OpenApiDocument.load();
    private static final ObjectMapper JSON = new ObjectMapper();

    private SinkHarness harness;
    private ApiKeys keys;
    private LocalApiServer server;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private String key;

    @BeforeEach
    void bar() {
        harness = new SinkHarness(dynamo, NOW);
        new SeedLoader(dynamo.client(), harness.names, harness.clock).load(SeedReader.read(Path.of("../seeds")));
        new Taps(dynamo.client(), harness.names).create(LOC, "07", "Tap 7");
        new DeviceRegistry(dynamo.client(), harness.names, harness.clock)
                .register(Batches.DEVICE_ID, Batches.HARDWARE_ID, LOC, "07");
        keys = new ApiKeys(dynamo.client(), harness.names, PEPPER, new SecureRandom(), harness.clock);
        key = keys.create("bar tablet", Set.of(LOC)).rawKey();
        server = LocalApiServer.start(dynamo.client(), harness.names, PEPPER, harness.clock, 0);
    }

    @AfterEach
    void close() {
        server.close();
    }

    @Test
    void refuses_missing_malformed_unknown_and_revoked_keys_with_401_and_other_locations_with_403() {
        var revoked = keys.create("old tablet", Set.of(LOC));
        keys.revoke(revoked.key().keyId());
        String otherBar = keys.create("other bar", Set.of("loc-002")).rawKey();
        String dashboard = "/v1/locations/" + LOC + "/dashboard";

        List<Reply> unauthorised = List.of(call("GET", dashboard, null, null), call("GET", dashboard, "abc", null),
                call("GET", dashboard, "ab".repeat(32), null), call("GET", dashboard, revoked.rawKey(), null));
        Reply forbidden = call("GET", dashboard, otherBar, null);
        Reply forbiddenWrite = call("PUT", "/v1/locations/" + LOC + "/taps/07/keg", otherBar,
                "{\"beer_id\":\"lagunitas-ipa\",\"keg_type\":\"sixth_barrel\"}");

        for (Reply r : unauthorised) {
            assertThat(r.status).isEqualTo(401);
            assertThat(r.json.at("/error/code").asText()).isEqualTo("unauthorized");
            DOC.assertFits(r.json, "GET", "/v1/locations/{loc_id}/dashboard", 401);
        }
        assertThat(forbidden.status).isEqualTo(403);
        assertThat(forbidden.json.at("/error/code").asText()).isEqualTo("forbidden");
        assertThat(forbiddenWrite.status).isEqualTo(403);
        assertThat(harness.item("LOCATION#" + LOC, "TAP#07")).doesNotContainKey("keg_id");
        assertThat(call("GET", dashboard, key, null).status).isEqualTo(200);
    }

    @Test
    void dashboard_shows_each_tap_with_beer_keg_level_pints_rate_hours_and_alerts_as_documented() {
        Reply assigned = call("PUT", "/v1/locations/" + LOC + "/taps/07/keg", key,
                "{\"beer_id\":\"lagunitas-ipa\",\"keg_type\":\"half_barrel\"}");
        String kegId = assigned.json.get("keg_id").asText();
        JsonNode before = tap(call("GET", "/v1/locations/" + LOC + "/dashboard", key, null).json, "07");

        // 30 readings a minute apart falling from 20 % to 5.5 %: below low_keg_pct (15) for more than
        // the 900 s grace period, so low_keg fires.
        ingest(kegId, Batches.series(Batches.T0, 30, 20.0, 0.5));
        Reply after = call("GET", "/v1/locations/" + LOC + "/dashboard", key, null);

        assertThat(assigned.status).isEqualTo(202);
        DOC.assertFits(assigned.json, "PUT", "/v1/locations/{loc_id}/taps/{tap_number}/keg", 202);
        assertThat(before.at("/assignment/status").asText()).isEqualTo("pending");
        assertThat(before.get("level_pct").isNull()).isTrue();
        assertThat(before.get("keg_state").asText()).isEqualTo("unknown");

        assertThat(after.status).isEqualTo(200);
        DOC.assertFits(after.json, "GET", "/v1/locations/{loc_id}/dashboard", 200);
        assertThat(after.json.get("name").asText()).isEqualTo("Demo Taproom");
        assertThat(after.json.get("timezone").asText()).isEqualTo("America/Chicago");
        assertThat(after.json.get("generated_at").asText()).isEqualTo(NOW.toString());
        assertThat(after.json.get("taps")).extracting(t -> t.get("tap_number").asText())
                .containsExactly("01", "02", "03", "04", "07");
        JsonNode tap = tap(after.json, "07");
        assertThat(tap.get("tap_id").asText()).isEqualTo(Batches.TAP_ID);
        assertThat(tap.get("device_id").asText()).isEqualTo(Batches.DEVICE_ID);
        assertThat(tap.at("/beer/name").asText()).isEqualTo("Lagunitas IPA");
        assertThat(tap.at("/keg/keg_id").asText()).isEqualTo(kegId);
        assertThat(tap.at("/keg/keg_type").asText()).isEqualTo("half_barrel");
        assertThat(tap.at("/assignment/status").asText()).isEqualTo("applied");
        assertThat(tap.get("level_pct").asDouble()).isEqualTo(5.5);
        // Batches.reading: gallons = 15.5 * level / 100, pints = gallons * 8, 1.2 gal/h, hours = gallons / 1.2
        assertThat(tap.get("gallons").asDouble()).isCloseTo(0.8525, within(0.001));
        assertThat(tap.get("pints_left").asDouble()).isCloseTo(6.82, within(0.01));
        assertThat(tap.get("pour_rate_oz_per_min").asDouble()).isEqualTo(2.6);
        assertThat(tap.get("hours_left").asDouble()).isCloseTo(0.71, within(0.01));
        assertThat(tap.get("keg_state").asText()).isEqualTo("stable");
        assertThat(tap.get("last_reading_at").asText()).isEqualTo(Instant.ofEpochMilli(Batches.T0 + 29 * 60_000).toString());
        assertThat(tap.get("alerts")).extracting(a -> a.get("alert_type").asText() + "/" + a.get("severity").asText())
                .containsExactly("low_keg/warning");
        assertThat(tap(after.json, "01").get("beer").isNull()).isTrue();
    }

    @Test
    void assigns_a_keg_only_with_valid_input_and_writes_nothing_otherwise() {
        String path = "/v1/locations/" + LOC + "/taps/07/keg";
        putKeg("keg-20261120-thrs", "loc-002");
        Map<String, Reply> refused = Map.of(
                "full", call("PUT", path, key, "{\"beer_id\":\"lagunitas-ipa\",\"keg_type\":\"half_barrel\",\"full\":\"true\"}"),
                "keg_id", call("PUT", path, key, "{\"beer_id\":\"lagunitas-ipa\",\"keg_type\":\"half_barrel\","
                        + "\"keg_id\":\"keg-20261120-thrs\"}"),
                "keg_type", call("PUT", path, key, "{\"beer_id\":\"lagunitas-ipa\",\"keg_type\":\"pony_keg\"}"),
                "beer_id", call("PUT", path, key, "{\"keg_type\":\"half_barrel\"}"),
                "color", call("PUT", path, key, "{\"beer_id\":\"lagunitas-ipa\",\"keg_type\":\"half_barrel\",\"color\":1}"),
                "body", call("PUT", path, key, "{not json"),
                "tap_number", call("PUT", "/v1/locations/" + LOC + "/taps/7/keg", key,
                        "{\"beer_id\":\"lagunitas-ipa\",\"keg_type\":\"half_barrel\"}"));
        Reply otherBarsBeer = call("PUT", path, key, "{\"beer_id\":\"loc-002#house-ale\",\"keg_type\":\"half_barrel\"}");
        Reply noSuchTap = call("PUT", "/v1/locations/" + LOC + "/taps/42/keg", key,
                "{\"beer_id\":\"lagunitas-ipa\",\"keg_type\":\"half_barrel\"}");

        refused.forEach((field, r) -> {
            assertThat(r.status).as(field).isEqualTo(400);
            assertThat(r.json.at("/error/code").asText()).isEqualTo("invalid_input");
            assertThat(r.json.at("/error/field").asText()).isEqualTo(field);
            DOC.assertFits(r.json, "PUT", "/v1/locations/{loc_id}/taps/{tap_number}/keg", 400);
        });
        assertThat(otherBarsBeer.status).isEqualTo(404);
        assertThat(noSuchTap.status).isEqualTo(404);
        assertThat(harness.item("LOCATION#" + LOC, "TAP#07")).doesNotContainKey("keg_id");
        // only the harness's fixture keg of tap 07, no keg of a refused assignment
        assertThat(call("GET", "/v1/locations/" + LOC + "/taps/07/kegs", key, null).json.get("kegs"))
                .extracting(k -> k.get("keg_id").asText()).containsExactly(Batches.KEG_ID);
    }

    @Test
    void a_new_full_keg_under_the_id_its_scale_uses_is_stored_full_and_an_assignment_without_full_is_not() {
        String path = "/v1/locations/" + LOC + "/taps/07/keg";
        Reply adopted = call("PUT", path, key, "{\"beer_id\":\"lagunitas-ipa\",\"keg_type\":\"half_barrel\","
                + "\"full\":true,\"keg_id\":\"keg-20261120-scal\"}");

        assertThat(adopted.status).isEqualTo(202);
        DOC.assertFits(adopted.json, "PUT", "/v1/locations/{loc_id}/taps/{tap_number}/keg", 202);
        assertThat(adopted.json.get("keg_id").asText()).isEqualTo("keg-20261120-scal");
        assertThat(adopted.json.get("full").asBoolean()).isTrue();
        assertThat(Attr.flag(harness.item("LOCATION#" + LOC, "TAP#07"), AssignmentAttrs.FULL)).isTrue();

        Reply plain = call("PUT", path, key, "{\"beer_id\":\"lagunitas-ipa\",\"keg_type\":\"half_barrel\"}");
        assertThat(plain.json.get("full").asBoolean()).isFalse();
        assertThat(harness.item("LOCATION#" + LOC, "TAP#07")).doesNotContainKey(AssignmentAttrs.FULL);
    }

    @Test
    void tap_kegs_lists_the_kegs_a_tap_held_newest_first() {
        String assign = "/v1/locations/" + LOC + "/taps/07/keg";
        String first = call("PUT", assign, key, "{\"beer_id\":\"lagunitas-ipa\",\"keg_type\":\"half_barrel\"}").json.get("keg_id").asText();
        harness.clock.set(NOW.plus(Duration.ofHours(3)));
        String second = call("PUT", assign, key, "{\"beer_id\":\"coors-light\",\"keg_type\":\"sixth_barrel\"}").json.get("keg_id").asText();

        Reply kegs = call("GET", "/v1/locations/" + LOC + "/taps/07/kegs", key, null);

        assertThat(kegs.status).isEqualTo(200);
        DOC.assertFits(kegs.json, "GET", "/v1/locations/{loc_id}/taps/{tap_number}/kegs", 200);
        assertThat(kegs.json.get("kegs")).extracting(k -> k.get("keg_id").asText() + " " + k.get("current").asBoolean())
                .containsExactly(second + " true", first + " false", Batches.KEG_ID + " false");
        assertThat(call("GET", "/v1/locations/" + LOC + "/taps/42/kegs", key, null).status).isEqualTo(404);
        assertThat(call("GET", "/v1/locations/" + LOC + "/taps/x1/kegs", key, null).json.at("/error/field").asText())
                .isEqualTo("tap_number");
    }

    @Test
    void keg_levels_returns_the_readings_in_range_and_refuses_bad_times_and_other_bars_kegs() {
        String kegId = assignKeg();
        ingest(kegId, Batches.series(Batches.T0, 30, 20.0, 0.5));
        harness.keg("keg-20260101-zzzz", "loc-002", "loc-002#TAP#01");
        String levels = "/v1/locations/" + LOC + "/kegs/" + kegId + "/levels";
        Instant t0 = Instant.ofEpochMilli(Batches.T0);

        Reply range = call("GET", levels + "?from=" + t0 + "&to=" + t0.plus(Duration.ofMinutes(10)), key, null);
        Reply lastDay = call("GET", levels, key, null);

        assertThat(range.status).isEqualTo(200);
        DOC.assertFits(range.json, "GET", "/v1/locations/{loc_id}/kegs/{keg_id}/levels", 200);
        assertThat(range.json.get("bin_secs").asInt()).isZero();
        assertThat(range.json.get("points")).hasSize(11);
        assertThat(range.json.at("/points/0/at").asText()).isEqualTo(t0.toString());
        assertThat(range.json.at("/points/0/level_pct").asDouble()).isEqualTo(20.0);
        assertThat(lastDay.json.get("points")).hasSize(30);
        assertThat(lastDay.json.get("to").asText()).isEqualTo(NOW.toString());
        assertThat(call("GET", levels + "?from=yesterday", key, null).json.at("/error/field").asText()).isEqualTo("from");
        assertThat(call("GET", levels + "?from=" + NOW + "&to=" + t0, key, null).json.at("/error/field").asText()).isEqualTo("from");
        assertThat(call("GET", "/v1/locations/" + LOC + "/kegs/keg-20260101-zzzz/levels", key, null).status).isEqualTo(404);
        assertThat(call("GET", "/v1/locations/" + LOC + "/kegs/not-a-keg/levels", key, null).json.at("/error/field").asText())
                .isEqualTo("keg_id");
    }

    @Test
    void alerts_lists_what_fires_now_and_the_log() {
        String kegId = assignKeg();
        ingest(kegId, Batches.series(Batches.T0, 30, 20.0, 0.5));

        Reply active = call("GET", "/v1/locations/" + LOC + "/alerts", key, null);
        Reply history = call("GET", "/v1/locations/" + LOC + "/alerts?status=history&limit=5", key, null);

        DOC.assertFits(active.json, "GET", "/v1/locations/{loc_id}/alerts", 200);
        DOC.assertFits(history.json, "GET", "/v1/locations/{loc_id}/alerts", 200);
        assertThat(active.json.get("alerts")).extracting(a -> a.get("alert_type").asText() + " " + a.get("tap_number").asText()
                + " " + a.get("status").asText()).containsExactly("low_keg 07 firing");
        assertThat(history.json.get("alerts")).extracting(a -> a.get("alert_type").asText() + " " + a.get("status").asText())
                .containsExactly("low_keg fired");
        assertThat(call("GET", "/v1/locations/" + LOC + "/alerts?status=all", key, null).json.at("/error/field").asText())
                .isEqualTo("status");
        assertThat(call("GET", "/v1/locations/" + LOC + "/alerts?status=history&limit=0", key, null).json.at("/error/field").asText())
                .isEqualTo("limit");
    }

    @Test
    void beers_lists_the_library_with_the_bars_own_and_creates_custom_beers() {
        String beers = "/v1/locations/" + LOC + "/beers";
        Reply created = call("POST", beers, key, "{\"beer_id\":\"house-ale\",\"name\":\"House Ale\",\"abv\":5.2}");
        Reply again = call("POST", beers, key, "{\"beer_id\":\"house-ale\",\"name\":\"House Ale\"}");
        Reply badAbv = call("POST", beers, key, "{\"beer_id\":\"stout\",\"name\":\"Stout\",\"abv\":\"strong\"}");
        Reply assigned = call("PUT", "/v1/locations/" + LOC + "/taps/07/keg", key,
                "{\"beer_id\":\"loc-001#house-ale\",\"keg_type\":\"sixth_barrel\"}");

        Reply all = call("GET", beers, key, null);
        Reply found = call("GET", beers + "?q=house", key, null);

        assertThat(created.status).isEqualTo(201);
        DOC.assertFits(created.json, "POST", "/v1/locations/{loc_id}/beers", 201);
        assertThat(created.json.get("beer_id").asText()).isEqualTo("loc-001#house-ale");
        assertThat(created.json.get("specific_gravity").asDouble()).isEqualTo(1.0);
        assertThat(again.status).isEqualTo(409);
        assertThat(badAbv.json.at("/error/field").asText()).isEqualTo("abv");
        assertThat(assigned.status).isEqualTo(202);
        DOC.assertFits(all.json, "GET", "/v1/locations/{loc_id}/beers", 200);
        assertThat(all.json.get("beers")).hasSize(11);
        assertThat(found.json.get("beers")).extracting(b -> b.get("beer_id").asText() + " " + b.get("custom").asBoolean())
                .containsExactly("loc-001#house-ale true");
    }

    @Test
    void settings_round_trip_and_refuse_values_out_of_range_writing_nothing() {
        String settings = "/v1/locations/" + LOC + "/settings";
        Reply seeded = call("GET", settings, key, null);
        Reply put = call("PUT", settings, key, "{\"name\":\"The Tap Room\",\"timezone\":\"Europe/Dublin\",\"low_keg_pct\":20}");
        Map<String, Reply> refused = Map.of(
                "low_keg_pct", call("PUT", settings, key, "{\"name\":\"X\",\"low_keg_pct\":150}"),
                "timezone", call("PUT", settings, key, "{\"name\":\"X\",\"timezone\":\"Mars/Base\"}"),
                "rate_window_hours", call("PUT", settings, key, "{\"name\":\"X\",\"rate_window_hours\":1.5}"),
                "name", call("PUT", settings, key, "{\"timezone\":\"UTC\"}"));
        Reply after = call("GET", settings, key, null);

        DOC.assertFits(seeded.json, "GET", "/v1/locations/{loc_id}/settings", 200);
        assertThat(seeded.json.get("name").asText()).isEqualTo("Demo Taproom");
        assertThat(put.status).isEqualTo(200);
        DOC.assertFits(put.json, "PUT", "/v1/locations/{loc_id}/settings", 200);
        refused.forEach((field, r) -> assertThat(r.json.at("/error/field").asText()).as(field).isEqualTo(field));
        assertThat(after.json).isEqualTo(put.json);
        assertThat(after.json.get("timezone").asText()).isEqualTo("Europe/Dublin");
        assertThat(after.json.get("low_keg_pct").asInt()).isEqualTo(20);
        assertThat(after.json.get("grace_period_secs").asInt()).isEqualTo(900);
    }

    @Test
    void devices_show_last_contact_online_battery_and_firmware() {
        String kegId = assignKeg();
        ingest(kegId, Batches.series(Batches.T0, 3, 60.0, 0.5));

        Reply now = call("GET", "/v1/locations/" + LOC + "/devices", key, null);
        harness.clock.set(NOW.plus(Duration.ofMinutes(16)));
        Reply later = call("GET", "/v1/locations/" + LOC + "/devices", key, null);

        DOC.assertFits(now.json, "GET", "/v1/locations/{loc_id}/devices", 200);
        assertThat(now.json.get("devices")).extracting(d -> d.get("device_id").asText() + " " + d.get("online").asBoolean())
                .containsExactly("SCALE-0001 false", "SCALE-0002 false", "SCALE-0003 false", "SCALE-0004 false", "SCALE-0042 true");
        JsonNode scale = now.json.at("/devices/4");
        assertThat(scale.get("last_seen_at").asText()).isEqualTo(NOW.toString());
        assertThat(scale.get("battery_pct").asDouble()).isEqualTo(80.0);
        assertThat(scale.get("firmware_version").asText()).isEqualTo("1.0.16");
        assertThat(scale.get("tap_number").asText()).isEqualTo("07");
        // offline_after_secs is 900: 16 minutes without contact is offline
        assertThat(later.json.at("/devices/4/online").asBoolean()).isFalse();
        assertThat(call("GET", "/v1/locations/Loc_1/devices", key, null).json.at("/error/field").asText()).isEqualTo("loc_id");
    }

    @Test
    void unknown_paths_are_404_other_methods_405_and_every_answer_carries_cors_headers() {
        Reply nothing = call("GET", "/v1/nothing", key, null);
        Reply delete = call("DELETE", "/v1/locations/" + LOC + "/settings", key, null);
        Reply preflight = call("OPTIONS", "/v1/locations/" + LOC + "/taps/07/keg", null, null);

        assertThat(nothing.status).isEqualTo(404);
        assertThat(nothing.json.at("/error/code").asText()).isEqualTo("not_found");
        assertThat(delete.status).isEqualTo(405);
        assertThat(delete.headers.firstValue("allow")).contains("GET, PUT");
        assertThat(preflight.status).isEqualTo(204);
        assertThat(preflight.headers.firstValue("access-control-allow-headers")).contains("content-type, x-api-key");
        for (Reply r : List.of(nothing, delete, preflight)) {
            assertThat(r.headers.firstValue("access-control-allow-origin")).contains("*");
        }
    }

    @Test
    void serves_the_classpath_dashboard_folder_and_nothing_outside_it() {
        Reply probe = call("GET", "/probe.css", null, null);

        assertThat(probe.status).isEqualTo(200);
        assertThat(probe.headers.firstValue("content-type")).contains("text/css; charset=utf-8");
        assertThat(call("GET", "/missing.js", null, null).status).isEqualTo(404);
        assertThat(call("GET", "/%2e%2e/tinylog.properties", null, null).status).isEqualTo(404);
        assertThat(call("GET", "/../tinylog.properties", null, null).status).isEqualTo(404);
    }

    @Test
    void the_lambda_handler_answers_a_gateway_event_with_a_base64_body_as_the_server_does() {
        HttpApiHandler handler = new HttpApiHandler(HttpApi.create(dynamo.client(), harness.names, PEPPER, harness.clock));
        String body = "{\"name\":\"Lambda Bar\"}";
        APIGatewayV2HTTPEvent event = APIGatewayV2HTTPEvent.builder().withVersion("2.0")
                .withRawPath("/v1/locations/" + LOC + "/settings").withHeaders(Map.of("X-Api-Key", key))
                .withBody(Base64.getEncoder().encodeToString(body.getBytes(StandardCharsets.UTF_8))).withIsBase64Encoded(true)
                .withRequestContext(APIGatewayV2HTTPEvent.RequestContext.builder()
                        .withHttp(APIGatewayV2HTTPEvent.RequestContext.Http.builder().withMethod("PUT").build()).build())
                .build();

        APIGatewayV2HTTPResponse response = handler.handleRequest(event, null);

        assertThat(response.getStatusCode()).isEqualTo(200);
        assertThat(response.getHeaders()).containsEntry("content-type", "application/json; charset=utf-8");
        assertThat(response.getBody()).contains("\"name\":\"Lambda Bar\"");
        assertThat(call("GET", "/v1/locations/" + LOC + "/settings", key, null).json.get("name").asText()).isEqualTo("Lambda Bar");
    }

    @Test
    void a_settings_change_sends_each_scale_of_the_location_its_low_keg_rule_and_a_broker_down_fails_nothing() {
        // issue 18: the scale sends the readings the low_keg alert waits for at once, by the location's rule
        var commands = new RecordingCommands();
        HttpApi api = HttpApi.create(dynamo.client(), harness.names, PEPPER, harness.clock,
                new KegAssigner(dynamo.client(), harness.names, harness.clock,
                        new KegIds(harness.clock, new SecureRandom())), commands);
        HttpApiHandler handler = new HttpApiHandler(api);

        APIGatewayV2HTTPResponse response = handler.handleRequest(put("/v1/locations/" + LOC + "/settings",
                "{\"name\":\"X\",\"low_keg_pct\":20,\"grace_period_secs\":300}"), null);
        commands.refusing = true;
        APIGatewayV2HTTPResponse second = handler.handleRequest(put("/v1/locations/" + LOC + "/settings",
                "{\"name\":\"X\",\"low_keg_pct\":25}"), null);

        assertThat(response.getStatusCode()).isEqualTo(200);
        assertThat(commands.sent()).extracting(RecordingCommands.Sent::deviceId)
                .containsExactlyInAnyOrder("SCALE-0001", "SCALE-0002", "SCALE-0003", "SCALE-0004", "SCALE-0042");
        var sent = commands.sent().get(0).command();
        assertThat(sent.type()).isEqualTo("set_low_keg");
        assertThat(sent.args()).containsEntry("low_keg_pct", "20").containsEntry("grace_period_secs", "300");
        assertThat(sent.issuedAtMs()).isEqualTo(NOW.toEpochMilli());
        assertThat(second.getStatusCode()).as("stored; the scales get it when they next connect").isEqualTo(200);
        assertThat(call("GET", "/v1/locations/" + LOC + "/settings", key, null).json.get("low_keg_pct").asInt())
                .isEqualTo(25);
    }

    private APIGatewayV2HTTPEvent put(String path, String body) {
        return APIGatewayV2HTTPEvent.builder().withVersion("2.0").withRawPath(path).withHeaders(Map.of("X-Api-Key", key))
                .withBody(body).withIsBase64Encoded(false)
                .withRequestContext(APIGatewayV2HTTPEvent.RequestContext.builder()
                        .withHttp(APIGatewayV2HTTPEvent.RequestContext.Http.builder().withMethod("PUT").build()).build())
                .build();
    }

    /** A half barrel of Lagunitas IPA on tap 07 through the API; its keg_id. */
    private String assignKeg() {
        return call("PUT", "/v1/locations/" + LOC + "/taps/07/keg", key,
                "{\"beer_id\":\"lagunitas-ipa\",\"keg_type\":\"half_barrel\"}").json.get("keg_id").asText();
    }

    private void ingest(String kegId, List<com.scalesense.protocol.Reading> readings) {
        harness.service().ingest(Batches.forTap(Batches.HARDWARE_ID, Batches.DEVICE_ID, Batches.TAP_ID, kegId, readings),
                Batches.DEVICE_ID);
    }

    private static JsonNode tap(JsonNode dashboard, String number) {
        for (JsonNode t : dashboard.get("taps")) {
            if (t.get("tap_number").asText().equals(number)) {
                return t;
            }
        }
        throw new AssertionError("no tap " + number + " in " + dashboard);
    }

    private void putKeg(String kegId, String locId) {
        dynamo.client().putItem(p -> p.tableName(harness.names.scaleSense()).item(Map.of("PK", Attr.s("KEG#" + kegId),
                "SK", Attr.s("META"), "keg_id", Attr.s(kegId), "loc_id", Attr.s(locId))));
    }

    record Reply(int status, JsonNode json, HttpHeaders headers) {
    }

    private Reply call(String method, String path, String apiKey, String body) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                .timeout(Duration.ofSeconds(30))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (apiKey != null) {
            b.header("x-api-key", apiKey);
        }
        if (body != null) {
            b.header("content-type", "application/json");
        }
        try {
            HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
            String text = r.body();
            boolean json = r.headers().firstValue("content-type").orElse("").startsWith("application/json");
            return new Reply(r.statusCode(), json ? JSON.readTree(text) : JSON.nullNode(), r.headers());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
