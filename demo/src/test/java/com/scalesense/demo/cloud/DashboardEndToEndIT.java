package com.scalesense.demo.cloud;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.scalesense.demo.BarNight;
import com.scalesense.demo.scale.BarEvening;
import com.scalesense.demo.scale.DemoScale;
import com.scalesense.demo.scale.Ledger;
import com.scalesense.demo.scale.Scales;
import com.scalesense.demo.scale.SimClock;
import com.scalesense.demo.scale.TapPlan;
import com.scalesense.sink.admin.AssignmentCheck;
import com.scalesense.sink.apikey.CreatedApiKey;
import com.scalesense.sink.tables.Attr;
import com.scalesense.sink.tables.ItemKey;
import com.scalesense.sink.tables.Keys;
import com.scalesense.sink.testing.Chromium;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Issue 17's acceptance, end to end with real parts: the bar's manager adds a house ale and puts a
 * keg of it on tap 01 through the HTTP API with the bar's API key (the demo's {@code --serve}:
 * {@link LocalDashboard}); {@code assign_keg} goes over the embedded HiveMQ to a real agent on the
 * simulated scale, as the demo boots it; the agent's readings then carry the new keg_id into the
 * tables through the sink; and the dashboard page, in Debian's headless Chromium, shows the new
 * beer and keg with no change pending. Before that, a key of another location (403) and a revoked
 * key (401) are refused and change nothing.
 */
class DashboardEndToEndIT {

    private static final long SEED = 1717;
    private static final String LOC = BarEvening.LOC_ID;
    /** 240x, as the demo: the page's 5 s refresh is 20 minutes of bar time. */
    private static final double SPEED = 240;
    /** Far more bar time than the test needs (two real minutes), so the scale never runs out of evening. */
    private static final long EVENING_S = 8 * 3600;
    /** Bounded waits: a busy machine makes the test slower, never wrong. */
    private static final Duration PATIENCE = Duration.ofSeconds(90);
    private static final long START_MS = LocalDateTime.of(2026, 11, 20, 17, 0).atZone(BarNight.BAR_ZONE)
            .toInstant().toEpochMilli();
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path work;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    @Test
    void a_keg_assigned_through_the_api_reaches_the_scale_and_the_page_shows_it_and_foreign_or_revoked_keys_are_refused()
            throws Exception {
        Chromium.assumeInstalled();
        SimClock time = new SimClock(START_MS, SPEED, System::nanoTime);
        TapPlan tap = BarEvening.taps(1).get(0);
        String card = "[data-tap='" + tap.tapNumber() + "'] ";
        try (LocalCloud cloud = LocalCloud.start(work, time.clock(), SEED);
             LocalDashboard dashboard = LocalDashboard.start(cloud.tables(), cloud.commands(), time::millis,
                     Long.MAX_VALUE, LOC, 0)) {
            String firstKeg = BarSetup.prepare(cloud.tables(), cloud.commands(), LOC, List.of(tap), work, time.clock(),
                    SEED).get(tap.tapNumber());
            DemoScale scale = Scales.build(tap, LOC, firstKeg, work.resolve("scale"), cloud.broker().uri(), time,
                    EVENING_S, SEED, new Ledger());
            // the scheduled re-send of pending assignments, run on each poll as production runs it every 5 min
            AssignmentCheck resend = new AssignmentCheck(cloud.tables().client(), cloud.tables().names(), time.clock(),
                    cloud.commands());
            time.start();
            scale.start();
            try (Chromium browser = Chromium.start(1200, 800)) {
                // given the bar's page open, showing tap 01's first keg applied by the scale's readings
                browser.open(dashboard.pageUri().toString());
                awaitOnPage(browser, resend, card, firstKeg);

                // when another bar's key, then a revoked key of this bar, try to put a keg on tap 01
                CreatedApiKey otherBar = dashboard.apiKeys().create("another bar", Set.of("loc-002"));
                CreatedApiKey revoked = dashboard.apiKeys().create("a key since revoked", Set.of(LOC));
                dashboard.apiKeys().revoke(revoked.key().keyId());
                String body = "{\"beer_id\": \"loc-001#house-ale\", \"keg_type\": \"" + tap.kegType().wireName() + "\"}";
                HttpResponse<String> foreignAnswer = call(dashboard, otherBar.rawKey(), "PUT", kegPath(tap), body);
                HttpResponse<String> revokedAnswer = call(dashboard, revoked.rawKey(), "PUT", kegPath(tap), body);

                // then both are refused, each with its JSON error, and the tap keeps its keg
                assertThat(foreignAnswer.statusCode()).as(foreignAnswer.body()).isEqualTo(403);
                assertThat(JSON.readTree(foreignAnswer.body()).at("/error/code").asText()).isEqualTo("forbidden");
                assertThat(revokedAnswer.statusCode()).as(revokedAnswer.body()).isEqualTo(401);
                assertThat(JSON.readTree(revokedAnswer.body()).at("/error/code").asText()).isEqualTo("unauthorized");
                assertThat(Attr.str(item(cloud, Keys.tapConfig(LOC, tap.tapNumber())), "keg_id")).isEqualTo(firstKeg);

                // when the bar's own key adds a house ale and puts a keg of it on tap 01
                HttpResponse<String> beer = call(dashboard, dashboard.rawKey(), "POST", "/v1/locations/" + LOC + "/beers",
                        "{\"beer_id\": \"house-ale\", \"name\": \"House Ale\", \"style\": \"Pale Ale\", \"abv\": 5.2,"
                                + " \"specific_gravity\": 1.012}");
                assertThat(beer.statusCode()).as(beer.body()).isEqualTo(201);
                HttpResponse<String> assigned = call(dashboard, dashboard.rawKey(), "PUT", kegPath(tap), body);
                assertThat(assigned.statusCode()).as(assigned.body()).isEqualTo(202);
                JsonNode assignment = JSON.readTree(assigned.body());
                String newKeg = assignment.get("keg_id").asText();
                assertThat(assignment.get("status").asText()).isEqualTo("pending");
                assertThat(newKeg).isNotEqualTo(firstKeg);

                // then the scale takes the keg, its readings carry it into the tap state, and the page shows it
                awaitOnPage(browser, resend, card, newKeg);
                assertThat(scale.kegId()).as("the agent's keg").isEqualTo(newKeg);
                assertThat(Attr.str(item(cloud, Keys.tapState(LOC, tap.tapNumber())), "keg_id"))
                        .as("keg_id of the newest reading, in TAP#01#STATE").isEqualTo(newKeg);
                assertThat(browser.text(card + ".beer")).isEqualTo("House Ale");
                assertThat(browser.text(card + ".beer-detail")).isEqualTo("Pale Ale · 5.2 % ABV");
                assertThat(cloud.rule().rejected()).as("messages the sink rejected").isZero();
            } finally {
                scale.stop();
            }
        }
    }

    /**
     * Waits until the page's card names {@code kegId} with no change pending (the sink marked it
     * applied from a reading that carries it) and a level; the re-send check runs on each poll.
     */
    private static void awaitOnPage(Chromium browser, AssignmentCheck resend, String card, String kegId) {
        await("the page shows keg " + kegId + " applied").atMost(PATIENCE).pollInterval(Duration.ofMillis(500))
                .untilAsserted(() -> {
                    resend.run();
                    assertThat(browser.text(card + ".keg")).startsWith(kegId);
                    assertThat(browser.all(card + ".badge.pending")).as("keg change pending badge").isEmpty();
                    assertThat(browser.text(card + ".level")).endsWith(" %");
                });
    }

    private static String kegPath(TapPlan tap) {
        return "/v1/locations/" + LOC + "/taps/" + tap.tapNumber() + "/keg";
    }

    private HttpResponse<String> call(LocalDashboard dashboard, String key, String method, String path, String body)
            throws IOException, InterruptedException {
        URI uri = dashboard.baseUri().resolve(path);
        return http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30)).header("x-api-key", key)
                .header("content-type", "application/json")
                .method(method, HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static Map<String, AttributeValue> item(LocalCloud cloud, ItemKey key) {
        return cloud.tables().item(key);
    }
}
