package org.instrumentelement.jmeter.experiment;

import java.util.Locale;

/**
 * The report's SVG charts: the analogues of the paper's Figures 3 and 4 (polling response time and
 * response rate versus clients) and the traffic of every mode versus clients, JMS codes (the
 * attribute's codes topic) among them where they were measured.
 */
final class ReportCharts {
  private final PointTable table;

  ReportCharts(PointTable table) {
    this.table = table;
  }

  /** Figure 3: mean response time per encoding and length, with its 99 % confidence interval. */
  String responseTime() {
    SvgChart chart =
        new SvgChart("Polling: response time versus clients", "Clients", "Response time Tr (ms)");
    double[] x = table.clientsAxis();
    for (String enc : table.pollingEncodings()) {
      for (int length : table.lengths()) {
        double[] y = new double[x.length];
        double[] lo = new double[x.length];
        double[] hi = new double[x.length];
        for (int i = 0; i < x.length; i++) {
          Samples s = samples(enc, length, i);
          y[i] = s == null ? Double.NaN : s.meanElapsed;
          lo[i] = s == null ? Double.NaN : s.meanElapsed - s.ci99();
          hi[i] = s == null ? Double.NaN : s.meanElapsed + s.ci99();
        }
        chart.add(new SvgChart.Series(enc + ", " + length + " doubles", x, y, lo, hi, false));
      }
    }
    return chart.render();
  }

  /** Figure 4: response rate 1/Tr per client, with the paper's hyperbola K1/Nc fitted. */
  String responseRate() {
    SvgChart chart =
        new SvgChart(
            "Polling: response rate versus clients", "Clients", "Response rate Rr = 1/Tr (1/s)");
    double[] x = table.clientsAxis();
    for (String enc : table.pollingEncodings()) {
      for (int length : table.lengths()) {
        double[] y = new double[x.length];
        double k = 0;
        int n = 0;
        for (int i = 0; i < x.length; i++) {
          Samples s = samples(enc, length, i);
          y[i] = s == null ? Double.NaN : 1000.0 / s.meanElapsed;
          if (s != null) {
            k += y[i] * x[i];
            n++;
          }
        }
        chart.add(SvgChart.Series.line(enc + ", " + length + " doubles", x, y));
        double k1 = n == 0 ? Double.NaN : k / n;
        double[] fit = new double[x.length];
        for (int i = 0; i < x.length; i++) {
          fit[i] = k1 / x[i];
        }
        chart.add(
            SvgChart.Series.fit(String.format(Locale.ROOT, "fit K1/Nc, K1 = %.0f", k1), x, fit));
      }
    }
    return chart.render();
  }

  /** Traffic in kB/s of every mode versus clients; JMS codes at the lengths that have them. */
  String traffic() {
    SvgChart chart = new SvgChart("Network traffic versus clients", "Clients", "Traffic (kB/s)");
    for (int length : table.lengths()) {
      for (String enc : table.pollingEncodings()) {
        chart.add(
            SvgChart.Series.line(
                "Polling " + enc + " " + length, table.clientsAxis(), traffic(enc, length)));
      }
      chart.add(SvgChart.Series.line("JMS " + length, table.clientsAxis(), traffic("JMS", length)));
      if (table.has(WanReport.CODES, length)) {
        chart.add(
            SvgChart.Series.line(
                "JMS codes " + length, table.clientsAxis(), traffic(WanReport.CODES, length)));
      }
    }
    return chart.render();
  }

  private Samples samples(String encoding, int length, int column) {
    return table
        .point(encoding, length, table.clients().get(column))
        .map(Point::samples)
        .orElse(null);
  }

  private double[] traffic(String encoding, int length) {
    double[] y = new double[table.clients().size()];
    for (int i = 0; i < y.length; i++) {
      y[i] =
          table
              .point(encoding, length, table.clients().get(i))
              .map(Point::trafficKbPerSecond)
              .orElse(Double.NaN);
    }
    return y;
  }
}
