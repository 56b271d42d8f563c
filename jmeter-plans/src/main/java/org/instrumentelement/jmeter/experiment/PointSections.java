package org.instrumentelement.jmeter.experiment;

import java.util.Locale;

/** Every point's details: one table of the polling points, one of the subscription points. */
record PointSections(PointTable table) implements ReportSection {
  @Override
  public void appendTo(StringBuilder b) {
    polling(b);
    subscription(b);
  }

  private void polling(StringBuilder b) {
    b.append("## Polling: every point\n\n");
    b.append(
            "| Encoding | Doubles | Clients | T<sub>r</sub> mean ± 99 % CI (ms) | p50 / p90 / p99 (ms)")
        .append(" | Vectors/s (all) | R<sub>r</sub> per client (1/s) | R<sub>r</sub>·N<sub>c</sub>")
        .append(" | kB/s | Samples | Errors | Load avg |\n");
    b.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (Point p : table.points()) {
      if (p.jms()) {
        continue;
      }
      Samples s = p.samples();
      double rr = 1000.0 / s.meanElapsed;
      b.append(
          String.format(
              Locale.ROOT,
              "| %s%s | %d | %d | %.2f ± %.2f | %d / %d / %d | %,.0f | %.1f | %,.0f | %,.0f | %,d | %d | %.1f |%n",
              p.encoding(),
              PointTable.isProbe(p) ? " (probe)" : "",
              p.length(),
              p.clients(),
              s.meanElapsed,
              s.ci99(),
              s.percentile(50),
              s.percentile(90),
              s.percentile(99),
              s.rate(),
              rr,
              rr * p.clients(),
              p.trafficKbPerSecond(),
              s.count,
              s.errors,
              p.loadAverage()));
    }
    b.append(
            "\nR<sub>r</sub>·N<sub>c</sub> is the paper's K<sub>1</sub>; \"Vectors/s (all)\" counts")
        .append(" answers over the measured window, which differs from R<sub>r</sub>·N<sub>c</sub>")
        .append(" only by the time JMeter spends between two calls.\n\n");
  }

  private void subscription(StringBuilder b) {
    b.append("## Subscription: every point\n\n");
    b.append(
            "| Mode | Doubles | Subscribers | T<sub>r</sub> (ms) | Sampling period set (ms) | Target rate")
        .append(
            " (1/s) | Received per subscriber (1/s) | Published | Superseded: warm-up / measured | Values missed: warm-up / measured")
        .append(" | Latency p50 / p99 (ms) | kB/s | Errors | Load avg |\n");
    b.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (Point p : table.points()) {
      if (!p.jms()) {
        continue;
      }
      Samples s = p.samples();
      b.append(
          String.format(
              Locale.ROOT,
              "| %s | %d | %d | %.2f | %d | %.1f | %.1f | %,d | %,d / %,d | %,d / %,d | %d / %d | %,.0f | %d | %.1f |%n",
              p.encoding(),
              p.length(),
              p.clients(),
              p.targetTrMillis(),
              p.samplingPeriodMillis(),
              1000.0 / p.samplingPeriodMillis(),
              p.ratePerClient(),
              p.published(),
              p.supersededInWarmup(),
              p.superseded(),
              s.warmUpMissed,
              s.missed,
              s.percentile(50),
              s.percentile(99),
              p.trafficKbPerSecond(),
              s.errors,
              p.loadAverage()));
    }
    b.append("\nThe sampling period is T<sub>r</sub> rounded to whole milliseconds (the IE's")
        .append(
            " resolution), so the target rate differs slightly from 1/T<sub>r</sub>. \"Published\"")
        .append(" and \"Superseded\" come from the IE's getSubscriptionInfo: published over the")
        .append(
            " whole run, superseded (samples its publisher dropped because the topic's queue was")
        .append(
            " full) during the warm-up and after it, read when the warm-up ends by the runner's")
        .append(" clock (which starts before JMeter's, so the first measured seconds may count as")
        .append(" warm-up); \"Values missed\" are the sequence gaps the subscribers saw, in the")
        .append(" warm-up (where a subscriber that falls more than the broker's")
        .append(" `broker.pendingTime` behind while its JVM warms up loses the oldest)")
        .append(
            " and in the measured time (each a failed sample). Latency: `iePublished` to arrival in the")
        .append(" subscriber, same clock.\n\n");
  }
}
