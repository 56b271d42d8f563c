package org.instrumentelement.jmeter.experiment;

import java.util.List;
import java.util.Locale;

/**
 * What a delivered vector costs in each mode: bytes on the wire per encoding, and the IE's CPU
 * time, with how busy the IE and JMeter kept the shared cores.
 *
 * @param table the measured points
 * @param cores the machine's cores, against which the busy cores are read
 */
record CostSections(PointTable table, int cores) implements ReportSection {
  @Override
  public void appendTo(StringBuilder b) {
    bytesPerVector(b);
    cpuPerVector(b);
  }

  private void bytesPerVector(StringBuilder b) {
    b.append("## Bytes per vector, per encoding\n\n");
    b.append("Mean bytes on the wire per delivered vector, over all measured points of each mode")
        .append(" (received by the client / sent by it). HTTP: the status line, headers and body")
        .append(" (Tomcat answers chunked), as JMeter's HttpClient counted them. JMS: the OpenWire")
        .append(" frames counted on the subscriber's socket (message body, JMS properties and")
        .append(" headers, plus the subscriber's acknowledgements as \"sent\"); JMS-codes: the")
        .append(" same on the attribute's codes topic, whose body is the instrument's codes (the")
        .append(" raw payload is still counted as doubles). IP and TCP headers")
        .append(" are not included in either.\n\n");
    b.append(
            "| Encoding | Doubles | Raw payload (B) | Received per vector (B) | Sent per vector (B)")
        .append(" | Received ÷ raw | vs JMS |\n");
    b.append("|---|---:|---:|---:|---:|---:|---:|\n");
    for (int length : table.lengths()) {
      double raw = length * 8.0;
      double jms = table.meanBytes("JMS", length, true);
      for (String enc : List.of("XML", "BINARY", "MTOM", "JMS", WanReport.CODES)) {
        double in = table.meanBytes(enc, length, true);
        if (Double.isNaN(in)) {
          continue;
        }
        double out = table.meanBytes(enc, length, false);
        b.append(
            String.format(
                Locale.ROOT,
                "| %s | %d | %,.0f | %,.0f | %,.0f | %.2f | %s |%n",
                enc.equals("BINARY") ? "BINARY (base64)" : enc,
                length,
                raw,
                in,
                out,
                in / raw,
                Double.isNaN(jms) ? "" : Decimal.of(in / jms, 2)));
      }
    }
    b.append('\n');
  }

  private void cpuPerVector(StringBuilder b) {
    b.append("## IE CPU time per delivered vector (ms)\n\n");
    boolean known = table.points().stream().anyMatch(p -> Double.isFinite(p.ieCpuSeconds()));
    if (!known) {
      b.append("Not available: the IE runs elsewhere and no `--ie.pid` was given.\n\n");
      return;
    }
    b.append("User + system CPU time of the IE's process (`/proc/<pid>/stat`, sampled every 200 ms")
        .append(
            " and interpolated to the measured window) divided by the vectors delivered in that")
        .append(" window: polling answers, or messages received by all subscribers together. The")
        .append(" process holds the IE **and its embedded ActiveMQ broker**, so the JMS figures")
        .append(" include the broker's fan-out. Read from the operating system, not from the IE's")
        .append(" API (it has no CPU figure yet).\n\n");
    MarkdownTable cpu = new MarkdownTable(b, table.clients()).header("Mode");
    for (int length : table.lengths()) {
      for (String enc : table.pollingEncodings()) {
        cpu.row("Polling " + enc + " " + length, c -> table.point(enc, length, c).map(this::cpu));
      }
      cpu.row("JMS " + length, c -> table.point("JMS", length, c).map(this::cpu));
      if (table.has(WanReport.CODES, length)) {
        cpu.row("JMS codes " + length, c -> table.point(WanReport.CODES, length, c).map(this::cpu));
      }
    }
    b.append("\nCPU busy during the measured window, in cores (IE / JMeter); the machine has ")
        .append(cores)
        .append(":\n\n");
    MarkdownTable busy = new MarkdownTable(b, table.clients()).header("Mode");
    for (int length : table.lengths()) {
      for (String enc : table.pollingEncodings()) {
        busy.row("Polling " + enc + " " + length, c -> table.point(enc, length, c).map(this::busy));
      }
      busy.row("JMS " + length, c -> table.point("JMS", length, c).map(this::busy));
      if (table.has(WanReport.CODES, length)) {
        busy.row(
            "JMS codes " + length, c -> table.point(WanReport.CODES, length, c).map(this::busy));
      }
    }
    b.append('\n');
  }

  private String cpu(Point p) {
    return Decimal.of(p.ieCpuMillisPerVector(), 3);
  }

  private String busy(Point p) {
    double w = p.samples().windowSeconds();
    return Decimal.of(p.ieCpuSeconds() / w, 2) + " / " + Decimal.of(p.jmeterCpuSeconds() / w, 2);
  }
}
