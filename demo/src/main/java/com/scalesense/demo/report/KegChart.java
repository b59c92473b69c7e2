package com.scalesense.demo.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

/**
 * Writes each keg's level over the evening as a small hand-made SVG: one polyline per keg, time
 * on x (the bar's local time), level_pct 0–100 on y, the low_keg threshold dashed, a legend.
 */
public final class KegChart {

    /** One keg's line: its legend label and its points, oldest first. */
    public record Series(String label, List<Point> points) {
    }

    /** @param atMs epoch ms; @param levelPct percent */
    public record Point(long atMs, double levelPct) {
    }

    private static final String[] COLOURS = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
        "#e377c2", "#17becf"};
    private static final int W = 900;
    private static final int H = 460;
    private static final int LEFT = 60;
    private static final int RIGHT = 230;
    private static final int TOP = 40;
    private static final int BOTTOM = 50;
    private static final long HOUR_MS = 3_600_000L;

    private KegChart() {
    }

    /**
     * @param fromMs start of the x axis, epoch ms; @param toMs its end
     * @param lowKegPct the low_keg threshold, percent
     */
    public static void write(Path file, String title, List<Series> series, long fromMs, long toMs, ZoneId zone,
                             double lowKegPct) {
        StringBuilder svg = new StringBuilder();
        int plotW = W - LEFT - RIGHT;
        int plotH = H - TOP - BOTTOM;
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                + " viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">%n", W, H, W, H));
        svg.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n", W, H));
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"24\" font-size=\"15\" font-weight=\"bold\">%s</text>%n",
                LEFT, escape(title)));
        for (int pct = 0; pct <= 100; pct += 20) {
            double y = TOP + plotH * (1 - pct / 100.0);
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                    + "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%d%%</text>%n",
                    LEFT, y, LEFT + plotW, y, LEFT - 6, y + 4, pct));
        }
        DateTimeFormatter hhmm = DateTimeFormatter.ofPattern("HH:mm", Locale.ROOT).withZone(zone);
        long span = Math.max(1, toMs - fromMs);
        long step = span <= 3 * HOUR_MS ? HOUR_MS / 2 : HOUR_MS;
        for (long t = fromMs; t <= toMs; t += step) {
            double x = LEFT + plotW * (t - fromMs) / (double) span;
            svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#eee\"/>"
                    + "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
                    x, TOP, x, TOP + plotH, x, TOP + plotH + 18, hhmm.format(Instant.ofEpochMilli(t))));
        }
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">bar time (%s)</text>%n",
                LEFT + plotW / 2, H - 10, escape(zone.getId())));
        svg.append(String.format(Locale.ROOT, "<text x=\"16\" y=\"%d\" transform=\"rotate(-90 16 %d)\""
                + " text-anchor=\"middle\">level_pct</text>%n", TOP + plotH / 2, TOP + plotH / 2));
        double lowY = TOP + plotH * (1 - lowKegPct / 100);
        svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#999\""
                + " stroke-dasharray=\"6 4\"/><text x=\"%d\" y=\"%.1f\" fill=\"#777\">low_keg %.0f%%</text>%n",
                LEFT, lowY, LEFT + plotW, lowY, LEFT + plotW + 6, lowY + 4, lowKegPct));
        svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\""
                + " stroke=\"#333\"/>%n", LEFT, TOP, plotW, plotH));
        for (int i = 0; i < series.size(); i++) {
            Series s = series.get(i);
            String colour = COLOURS[i % COLOURS.length];
            StringBuilder pts = new StringBuilder();
            for (Point p : s.points()) {
                double x = LEFT + plotW * (p.atMs() - fromMs) / (double) span;
                double y = TOP + plotH * (1 - Math.max(0, Math.min(100, p.levelPct())) / 100);
                pts.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
            }
            svg.append(String.format(Locale.ROOT, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\""
                    + " points=\"%s\"/>%n", colour, pts.toString().trim()));
            int ly = TOP + 20 + i * 22;
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\""
                    + " stroke-width=\"3\"/><text x=\"%d\" y=\"%d\">%s</text>%n", LEFT + plotW + 10, ly,
                    LEFT + plotW + 34, ly, colour, LEFT + plotW + 40, ly + 4, escape(s.label())));
        }
        svg.append("</svg>\n");
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.writeString(file, svg, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("chart " + file + " cannot be written", e);
        }
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
