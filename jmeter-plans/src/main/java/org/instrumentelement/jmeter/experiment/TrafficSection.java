package org.instrumentelement.jmeter.experiment;

import java.util.Locale;

/**
 * The analogue of the paper's Table 1: network traffic in kB/s per mode, length and client count,
 * next to the paper's own figures.
 */
record TrafficSection(PointTable table) implements ReportSection {
  /** The paper's Table 1 (kB/s), for 5, 10, 20 and 40 clients. */
  static final String[][] PAPER_TABLE = {
    {"Polling 1250", "1,214", "1,063", "1,003", "971"},
    {"JMS 1250", "199", "161", "150", "145"},
    {"Polling 2500", "1,137", "1,027", "1,000", "966"},
    {"JMS 2500", "165", "154", "151", "149"}
  };

  @Override
  public void appendTo(StringBuilder b) {
    b.append("## Table 1 analogue: network traffic (kB/s)\n\n");
    b.append("Traffic offered to the network by all clients together, both directions, in kB/s")
        .append(" (1 kB = 1,000 bytes): HTTP requests and responses with their headers as JMeter")
        .append(
            " counted them, and OpenWire frames counted on each subscriber's socket. Polling runs")
        .append(
            " as fast as the IE answers; JMS runs with the IM sampling every T<sub>r</sub> (the")
        .append(" mean XML polling response time for the same client count).\n\n");
    MarkdownTable t = new MarkdownTable(b, table.clients()).header("Mode");
    for (int length : table.lengths()) {
      for (String enc : table.pollingEncodings()) {
        t.row("Polling " + enc + " " + length, c -> table.point(enc, length, c).map(this::kb));
      }
      t.row("JMS " + length, c -> table.point("JMS", length, c).map(this::kb));
      if (table.has(WanReport.CODES, length)) {
        t.row("JMS codes " + length, c -> table.point(WanReport.CODES, length, c).map(this::kb));
      }
      t.row(
          "*ratio Polling XML / JMS, " + length + "*",
          c ->
              table
                  .point("XML", length, c)
                  .flatMap(
                      x ->
                          table
                              .point("JMS", length, c)
                              .map(
                                  j ->
                                      Decimal.of(
                                          x.trafficKbPerSecond() / j.trafficKbPerSecond(), 2))));
    }
    b.append(
            "\nThe paper's Table 1 (kB/s; IE release 2.1 on Axis and Sun Java System Message Queue")
        .append(" 4.3, two PCs over 100 Mbit/s Ethernet):\n\n");
    b.append("| | 5 | 10 | 20 | 40 |\n|---|---:|---:|---:|---:|\n");
    for (String[] r : PAPER_TABLE) {
      b.append("| ").append(String.join(" | ", r)).append(" |\n");
    }
    b.append("\nTraffic per client count:\n\n![Traffic versus clients](traffic.svg)\n\n");
  }

  private String kb(Point p) {
    return String.format(Locale.ROOT, "%,.0f", p.trafficKbPerSecond());
  }
}
