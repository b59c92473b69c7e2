package com.scalesense.demo.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KegChartTest {

    private static final long T0 = 1_795_000_000_000L;
    private static final long HOUR = 3_600_000L;

    @TempDir
    Path dir;

    @Test
    void draws_one_line_per_keg_scaled_to_the_plot_with_a_legend_and_the_low_keg_threshold() throws Exception {
        // given two kegs over two hours
        var a = new KegChart.Series("TAP 01 Coors Light", List.of(new KegChart.Point(T0, 100),
                new KegChart.Point(T0 + 2 * HOUR, 0)));
        var b = new KegChart.Series("TAP 02 A & B <IPA>", List.of(new KegChart.Point(T0 + HOUR, 50)));
        Path file = dir.resolve("out/chart.svg");

        // when
        KegChart.write(file, "levels", List.of(a, b), T0, T0 + 2 * HOUR, ZoneId.of("UTC"), 15);

        // then: plot spans x 60..670 and y 40..410; 100 % at the top left, 0 % at the bottom right
        String svg = Files.readString(file);
        assertThat(svg).startsWith("<svg").endsWith("</svg>\n");
        assertThat(svg).contains("points=\"60.0,40.0 670.0,410.0\"", "points=\"365.0,225.0\"");
        assertThat(svg).contains("TAP 02 A &amp; B &lt;IPA&gt;", "low_keg 15%");
        assertThat(svg.split("<polyline", -1)).hasSize(3);
    }
}
