package org.instrumentelement.jmeter.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A small line chart written as SVG text: no charting library and no fonts needed at build time,
 * and the result renders wherever Markdown shows images.
 */
final class SvgChart {
  private static final String[] COLOURS = {
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b"
  };
  private static final int WIDTH = 640;
  private static final int PLOT_HEIGHT = 260;
  private static final int LEFT = 70;
  private static final int RIGHT = 20;
  private static final int TOP = 40;
  private static final int LEGEND_ROW = 16;

  /**
   * One line; {@code low}/{@code high} (may be null) draw a band as dotted lines. A dashed line (a
   * fit) takes the colour of the solid line before it.
   */
  record Series(String name, double[] x, double[] y, double[] low, double[] high, boolean dashed) {
    static Series line(String name, double[] x, double[] y) {
      return new Series(name, x, y, null, null, false);
    }

    static Series fit(String name, double[] x, double[] y) {
      return new Series(name, x, y, null, null, true);
    }
  }

  private final String title;
  private final String xLabel;
  private final String yLabel;
  private final List<Series> series = new ArrayList<>();

  SvgChart(String title, String xLabel, String yLabel) {
    this.title = title;
    this.xLabel = xLabel;
    this.yLabel = yLabel;
  }

  SvgChart add(Series s) {
    series.add(s);
    return this;
  }

  String render() {
    double xMax = 0;
    double yMax = 0;
    for (Series s : series) {
      for (int i = 0; i < s.x().length; i++) {
        xMax = Math.max(xMax, s.x()[i]);
        double y = s.high() != null ? s.high()[i] : s.y()[i];
        if (Double.isFinite(y)) {
          yMax = Math.max(yMax, y);
        }
      }
    }
    double xStep = niceStep(xMax);
    double yStep = niceStep(yMax);
    xMax = Math.max(xStep, Math.ceil(xMax / xStep) * xStep);
    yMax = Math.max(yStep, Math.ceil(yMax * 1.05 / yStep) * yStep);
    int plotW = WIDTH - LEFT - RIGHT;
    int plotH = PLOT_HEIGHT;
    int legendTop = TOP + plotH + 52;
    int height = legendTop + (series.size() + 1) / 2 * LEGEND_ROW + 8;
    StringBuilder b = new StringBuilder();
    b.append(
        String.format(
            Locale.ROOT,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\""
                + " font-family=\"sans-serif\" font-size=\"12\">%n",
            WIDTH,
            height,
            WIDTH,
            height));
    b.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
    text(b, WIDTH / 2.0, 22, title, "middle", 15);
    for (double v = 0; v <= yMax + yStep / 2; v += yStep) {
      double y = TOP + plotH - v / yMax * plotH;
      line(b, LEFT, y, LEFT + plotW, y, "#ddd", null);
      text(b, LEFT - 6, y + 4, format(v), "end", 12);
    }
    for (double v = 0; v <= xMax + xStep / 2; v += xStep) {
      double x = LEFT + v / xMax * plotW;
      line(b, x, TOP, x, TOP + plotH, "#eee", null);
      text(b, x, TOP + plotH + 16, format(v), "middle", 12);
    }
    line(b, LEFT, TOP + plotH, LEFT + plotW, TOP + plotH, "black", null);
    line(b, LEFT, TOP, LEFT, TOP + plotH, "black", null);
    text(b, LEFT + plotW / 2.0, TOP + plotH + 34, xLabel, "middle", 13);
    b.append(
        String.format(
            Locale.ROOT,
            "<text x=\"16\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"13\""
                + " transform=\"rotate(-90 16 %.1f)\">%s</text>%n",
            TOP + plotH / 2.0,
            TOP + plotH / 2.0,
            escape(yLabel)));
    int solid = -1;
    for (int k = 0; k < series.size(); k++) {
      Series s = series.get(k);
      if (!s.dashed() || solid < 0) {
        solid++;
      }
      String colour = COLOURS[solid % COLOURS.length];
      double[] px = new double[s.x().length];
      double[] py = new double[s.x().length];
      for (int i = 0; i < px.length; i++) {
        px[i] = LEFT + s.x()[i] / xMax * plotW;
        py[i] = TOP + plotH - s.y()[i] / yMax * plotH;
      }
      polyline(b, px, py, colour, s.dashed() ? "6,4" : null, 2);
      if (s.low() != null && s.high() != null) {
        double[] lo = new double[px.length];
        double[] hi = new double[px.length];
        for (int i = 0; i < px.length; i++) {
          lo[i] = TOP + plotH - s.low()[i] / yMax * plotH;
          hi[i] = TOP + plotH - s.high()[i] / yMax * plotH;
        }
        polyline(b, px, lo, colour, "2,3", 1);
        polyline(b, px, hi, colour, "2,3", 1);
      }
      if (!s.dashed()) {
        for (int i = 0; i < px.length; i++) {
          marker(b, solid, px[i], py[i], colour);
        }
      }
      double ly = legendTop + (k / 2) * LEGEND_ROW;
      double lx = LEFT + (k % 2) * (plotW / 2.0);
      line(b, lx, ly - 4, lx + 24, ly - 4, colour, s.dashed() ? "6,4" : null);
      if (!s.dashed()) {
        marker(b, solid, lx + 12, ly - 4, colour);
      }
      text(b, lx + 30, ly, s.name(), "start", 12);
    }
    b.append("</svg>\n");
    return b.toString();
  }

  static double niceStep(double max) {
    if (max <= 0 || !Double.isFinite(max)) {
      return 1;
    }
    double raw = max / 5;
    double mag = Math.pow(10, Math.floor(Math.log10(raw)));
    double n = raw / mag;
    double step = n <= 1 ? 1 : n <= 2 ? 2 : n <= 2.5 ? 2.5 : n <= 5 ? 5 : 10;
    return step * mag;
  }

  private static String format(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e9) {
      return Long.toString((long) v);
    }
    return String.format(Locale.ROOT, "%.3g", v);
  }

  private static void marker(StringBuilder b, int k, double x, double y, String colour) {
    switch (k % 3) {
      case 0 ->
          b.append(
              String.format(
                  Locale.ROOT,
                  "<rect x=\"%.1f\" y=\"%.1f\" width=\"8\" height=\"8\" fill=\"%s\"/>%n",
                  x - 4,
                  y - 4,
                  colour));
      case 1 ->
          b.append(
              String.format(
                  Locale.ROOT,
                  "<polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\" fill=\"%s\"/>%n",
                  x,
                  y - 5,
                  x - 5,
                  y + 4,
                  x + 5,
                  y + 4,
                  colour));
      default ->
          b.append(
              String.format(
                  Locale.ROOT,
                  "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\"/>%n",
                  x,
                  y,
                  colour));
    }
  }

  private static void polyline(
      StringBuilder b, double[] x, double[] y, String colour, String dash, double width) {
    StringBuilder pts = new StringBuilder();
    for (int i = 0; i < x.length; i++) {
      if (Double.isFinite(y[i])) {
        pts.append(String.format(Locale.ROOT, "%.1f,%.1f ", x[i], y[i]));
      }
    }
    b.append(
        String.format(
            Locale.ROOT,
            "<polyline points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"%.1f\"%s/>%n",
            pts.toString().trim(),
            colour,
            width,
            dash == null ? "" : " stroke-dasharray=\"" + dash + "\""));
  }

  private static void line(
      StringBuilder b, double x1, double y1, double x2, double y2, String colour, String dash) {
    b.append(
        String.format(
            Locale.ROOT,
            "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"%s/>%n",
            x1,
            y1,
            x2,
            y2,
            colour,
            dash == null ? "" : " stroke-dasharray=\"" + dash + "\""));
  }

  private static void text(StringBuilder b, double x, double y, String s, String anchor, int size) {
    b.append(
        String.format(
            Locale.ROOT,
            "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" font-size=\"%d\">%s</text>%n",
            x,
            y,
            anchor,
            size,
            escape(s)));
  }

  private static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }
}
