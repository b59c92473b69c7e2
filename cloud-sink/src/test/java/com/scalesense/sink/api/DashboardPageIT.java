package com.scalesense.sink.api;

import static com.scalesense.sink.testing.Batches.INTERVAL_MS;
import static com.scalesense.sink.testing.Batches.T0;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.scalesense.protocol.Reading;
import com.scalesense.sink.admin.KegAssigner;
import com.scalesense.sink.admin.KegIds;
import com.scalesense.sink.apikey.ApiKeyPepper;
import com.scalesense.sink.apikey.ApiKeys;
import com.scalesense.sink.apikey.CreatedApiKey;
import com.scalesense.sink.ingest.IngestionService;
import com.scalesense.sink.seed.SeedLoader;
import com.scalesense.sink.seed.SeedReader;
import com.scalesense.sink.testing.Batches;
import com.scalesense.sink.testing.Chromium;
import com.scalesense.sink.testing.SinkHarness;
import com.scalesense.sink.testing.WithLocalDynamo;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.WebElement;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The dashboard page in a real browser (Debian's headless Chromium), served by
 * {@link LocalApiServer} over DynamoDB Local: what a person sees on each tap's card (beer, level,
 * pints, oz/min, hours left, alert badges, stale, the chart's points) is compared with the tables
 * themselves ({@code TAP#nn#STATE}, the beer's {@code META}, {@code ACTIVE#} alerts, the keg
 * readings store), not with the API's answer. Then, in the same browser, a revoked key and a key of
 * another location each get their message. One browser start.
 */
class DashboardPageIT extends WithLocalDynamo {

    private static final String LOC = "loc-001";
    /** The API's "now": an hour after the first reading. */
    private static final long NOW = T0 + 60 * INTERVAL_MS;
    private static final ApiKeyPepper PEPPER = ApiKeyPepper.fromEnvironment(
            Map.of(ApiKeyPepper.ENV, "dashboard-page-it-pepper"));

    private SinkHarness sink;
    private final Map<String, String> kegs = new TreeMap<>();
    /** Readings sent per tap, every one with a level, all inside the chart's 24 h. */
    private final Map<String, Integer> delivered = new TreeMap<>();

    @Test
    void a_person_sees_each_taps_beer_level_pints_rate_alerts_and_staleness_as_the_tables_hold_them() throws Exception {
        Chromium.assumeInstalled();
        // given the demo bar of seeds/ with three kegs on taps 01-03 and tap 04 empty,
        // an hour of readings: tap 01 steady, tap 02 low for over 15 min (past the seeded 900 s
        // grace period), tap 03 silent for the last 41 min (past offline_after_secs 900)
        sink = new SinkHarness(dynamo, Instant.ofEpochMilli(NOW));
        new SeedLoader(dynamo.client(), sink.names, sink.clock).load(SeedReader.read(Path.of("..", "seeds")));
        KegAssigner assigner = new KegAssigner(dynamo.client(), sink.names, sink.clock, new KegIds(sink.clock, new Random(17)));
        kegs.put("01", assigner.assign(LOC, "01", "coors-light", "half_barrel").kegId());
        kegs.put("02", assigner.assign(LOC, "02", "sierra-nevada-pale-ale", "sixth_barrel").kegId());
        kegs.put("03", assigner.assign(LOC, "03", "guinness-draught", "slim_quarter").kegId());
        IngestionService service = sink.service();
        deliver(service, "01", Batches.series(T0, 58, 70, 0.1));
        deliver(service, "02", Batches.series(T0 + 20 * INTERVAL_MS, 38, 16, 0.2));
        deliver(service, "03", Batches.series(T0, 20, 45, 0.05));
        ApiKeys keys = new ApiKeys(dynamo.client(), sink.names, PEPPER, new SecureRandom(), sink.clock);
        CreatedApiKey key = keys.create("dashboard page test", Set.of(LOC));
        CreatedApiKey revoked = keys.create("revoked", Set.of(LOC));
        keys.revoke(revoked.key().keyId());
        CreatedApiKey otherBar = keys.create("another bar", Set.of("loc-002"));

        try (LocalApiServer server = LocalApiServer.start(dynamo.client(), sink.names, PEPPER,
                Clock.fixed(Instant.ofEpochMilli(NOW), ZoneOffset.UTC), 0);
             Chromium browser = Chromium.start(1400, 900)) {
            // when a person opens the page with the key in the link
            browser.open(server.uri() + "#loc=" + LOC + "&key=" + key.rawKey());

            // then every tap's card says what the tables hold, once the first refresh drew it
            await().atMost(Duration.ofMinutes(2)).until(() -> browser.all("[data-tap] .chart polyline").size() == 3);
            assertThat(browser.all("[data-tap]")).extracting(e -> e.getAttribute("data-tap"))
                    .containsExactly("01", "02", "03", "04");
            for (String tap : List.of("01", "02", "03")) {
                Map<String, AttributeValue> state = sink.item("LOCATION#" + LOC, "TAP#" + tap + "#STATE");
                Map<String, AttributeValue> config = sink.item("LOCATION#" + LOC, "TAP#" + tap);
                Map<String, AttributeValue> beer = sink.item("BEER#" + config.get("beer_id").s(), "META");
                String card = "[data-tap='" + tap + "'] ";
                assertThat(browser.text(card + ".beer")).as("tap %s beer", tap).isEqualTo(beer.get("name").s());
                assertThat(browser.text(card + ".level")).as("tap %s level", tap).isEqualTo(oneDecimal(state, "level_pct") + " %");
                assertThat(browser.text(card + ".pints")).as("tap %s pints", tap).isEqualTo(oneDecimal(state, "pints_left"));
                assertThat(browser.text(card + ".hours")).as("tap %s hours", tap).isEqualTo(oneDecimal(state, "hours_remaining"));
                assertThat(browser.text(card + ".rate")).as("tap %s oz/min", tap).isEqualTo(
                        oneDecimal(Double.parseDouble(state.get("pour_rate_gph").n()) * 128 / 60));
                assertThat(browser.text(card + ".keg")).as("tap %s keg", tap).startsWith(kegs.get(tap));
                assertThat(browser.all(card + "[data-alert]")).extracting(e -> e.getAttribute("data-alert"))
                        .as("tap %s alert badges", tap).containsExactlyElementsOf(firingAlerts(tap));
                assertThat(chartPoints(browser, card)).as("tap %s chart: one point per reading of the keg", tap)
                        .isEqualTo(delivered.get(tap));
            }
            assertThat(firingAlerts("02")).as("the scene has its low keg").containsExactly("low_keg");
            assertThat(browser.text("[data-tap='02'] [data-alert='low_keg']")).isEqualTo("Low keg");
            assertThat(browser.text("[data-tap='03'] .last-update")).endsWith("stale");
            assertThat(browser.text("[data-tap='01'] .last-update")).doesNotContain("stale");
            assertThat(browser.text("[data-tap='04'] .beer")).isEqualTo("No beer assigned");
            assertThat(browser.text("[data-tap='04'] .level")).isEqualTo("—");
            assertThat(browser.text("#location-name")).isEqualTo("Demo Taproom");

            // when the person puts a new keg on the empty tap 04 with the form as it opens (new and full
            // ticked), then a part-poured one with it unticked, the tap's pending assignment says which
            await().atMost(Duration.ofMinutes(2)).until(() -> browser.all("#assign-beer option").size() > 1);
            assertThat(browser.all("#assign-full").get(0).isSelected()).as("new and full is the default").isTrue();
            assignOnTap04(browser);
            assertThat(sink.item("LOCATION#" + LOC, "TAP#04")).containsEntry("assignment_full", AttributeValue.fromBool(true));
            assertThat(browser.text("#assign-result")).contains("new and full");
            browser.all("#assign-full").get(0).click();
            assignOnTap04(browser);
            assertThat(sink.item("LOCATION#" + LOC, "TAP#04")).doesNotContainKey("assignment_full");
            assertThat(browser.text("#assign-result")).contains("level an estimate until tared");

            // when the key is revoked, or belongs to another bar, the person is told so and asked for another
            browser.open("about:blank");
            browser.open(server.uri() + "#loc=" + LOC + "&key=" + revoked.rawKey());
            await().atMost(Duration.ofMinutes(2)).until(() -> browser.all("#access:not([hidden])").size() == 1);
            assertThat(browser.text("#message")).startsWith("The API key was refused").contains("revoked");
            assertThat(browser.all("[data-tap]")).isEmpty();

            browser.open("about:blank");
            browser.open(server.uri() + "#loc=" + LOC + "&key=" + otherBar.rawKey());
            await().atMost(Duration.ofMinutes(2)).until(() -> browser.all("#access:not([hidden])").size() == 1);
            assertThat(browser.text("#message")).startsWith("This API key may not read location " + LOC);
        }
    }

    /** Chooses tap 04 and submits the assign form; waits for the API's answer on the page. */
    private void assignOnTap04(Chromium browser) {
        String before = browser.text("#assign-result");
        browser.script("document.getElementById('assign-tap').value = '04';"
                + "document.getElementById('assign-beer').value = 'lagunitas-ipa';");
        browser.all("#assign button[type=submit]").get(0).click();
        await().atMost(Duration.ofMinutes(2)).until(() -> {
            String now = browser.text("#assign-result");
            return now.startsWith("Keg ") && !now.equals(before);
        });
    }

    private void deliver(IngestionService service, String tap, List<Reading> readings) {
        String n = Integer.toString(Integer.parseInt(tap));
        delivered.put(tap, readings.size());
        // seeds/locations.json: tap nn has scale SCALE-00nn, hardware B8:27:EB:00:00:nn
        service.ingest(Batches.of("B8:27:EB:00:00:" + tap, "SCALE-000" + n, LOC + "#TAP#" + tap, kegs.get(tap),
                readings, List.of()), "SCALE-000" + n);
    }

    private List<String> firingAlerts(String tap) {
        return sink.dump().entrySet().stream()
                .filter(e -> e.getKey().contains("| ALERT#" + LOC + " | ACTIVE#") && e.getKey().endsWith("#TAP#" + tap))
                .filter(e -> "firing".equals(e.getValue().get("status").s()))
                .map(e -> e.getValue().get("type").s()).sorted().toList();
    }


    private static int chartPoints(Chromium browser, String card) {
        List<WebElement> lines = browser.all(card + ".chart polyline");
        return lines.isEmpty() ? 0 : lines.get(0).getAttribute("points").trim().split("\\s+").length;
    }

    private static String oneDecimal(Map<String, AttributeValue> item, String attribute) {
        return oneDecimal(Double.parseDouble(item.get(attribute).n()));
    }

    /**
     * What JavaScript's {@code toFixed(1)} shows: the double's exact value rounded, a tie going up
     * (Java's %.1f rounds the shortest decimal instead and can differ by one in the last place).
     */
    private static String oneDecimal(double value) {
        return new BigDecimal(value).setScale(1, RoundingMode.HALF_UP).toPlainString();
    }
}
