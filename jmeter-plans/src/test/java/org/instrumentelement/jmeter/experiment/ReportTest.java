package org.instrumentelement.jmeter.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.instrumentelement.ie.measure.Machine;
import org.instrumentelement.ie.measure.link.LinkAccuracy;
import org.instrumentelement.ie.measure.link.LinkShape;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report from points made up for it: its sections, tables, derived figures and files. */
class ReportTest {
  private static final String HEADER =
      "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,success,"
          + "failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect";

  /** A point of {@code count} samples of {@code elapsed} ms, one every 10 ms, each of bytes. */
  private static Point point(
      Path dir, String encoding, int clients, int elapsed, int bytes, double ieCpuSeconds)
      throws Exception {
    List<String> lines = new ArrayList<>(List.of(HEADER));
    for (int i = 0; i < 100; i++) {
      lines.add(
          (1000 + 10 * i) + "," + elapsed + ",s,200,,t,text,true,," + bytes + ",0,1,1,u,0,0,0");
    }
    boolean jms = encoding.startsWith("JMS");
    if (jms) {
      // A gap in the warm-up: counted apart from the measured samples.
      lines.add(
          "900,1,warm-up: s,SEQUENCE_GAP,\"missed 7 before sequence 9\",t,text,false,,"
              + bytes
              + ",0,1,1,u,0,0,0");
    }
    Path jtl = Files.write(dir.resolve(Point.name(encoding, 1250, clients) + ".jtl"), lines);
    return new Point(
        encoding,
        1250,
        clients,
        Samples.read(jtl, null),
        ieCpuSeconds,
        0.5,
        jms ? 4 : 0,
        jms ? 4.0 : Double.NaN,
        jms ? 120 : 0,
        jms ? 3 : 0,
        jms ? 5 : 0,
        jms ? 11 : 0,
        1.0);
  }

  @Test
  void theReportHasEverySectionAndItsFigures(@TempDir Path dir) throws Exception {
    List<Point> points =
        List.of(
            point(dir, "XML", 5, 4, 25000, 0.2),
            point(dir, "XML", 10, 8, 25000, 0.2),
            point(dir, "MTOM", 5, 5, 10400, 0.2),
            point(dir, "JMS", 5, 1, 10000, 0.02),
            point(dir, "JMS", 10, 1, 10000, 0.02));
    Settings settings =
        new Settings("--command=run-experiment.sh --lengths=1250", "--encodings=XML");
    Machine machine = new Machine(2, "CPU", 1024, "Linux", "Java 17", "0.10 0.20 0.30");
    Path out = Files.createDirectories(dir.resolve("report"));
    new Report(
            settings,
            machine,
            machine,
            "the IE",
            Instant.parse("2026-11-23T10:00:00Z"),
            Instant.parse("2026-11-23T10:20:00Z"),
            points,
            null)
        .write(out);
    String md = Files.readString(out.resolve("report.md"));

    List<String> headings = md.lines().filter(l -> l.startsWith("## ")).toList();
    assertEquals(
        List.of(
            "## Table 1 analogue: network traffic (kB/s)",
            "## Figure 3 analogue: response time versus clients (polling)",
            "## Figure 4 analogue: response rate versus clients (polling)",
            "## Polling: every point",
            "## Subscription: every point",
            "## Bytes per vector, per encoding",
            "## IE CPU time per delivered vector (ms)",
            "## How it was measured",
            "## Comparison with the paper, and why the ratios differ",
            "## Files"),
        headings);
    assertTrue(md.contains("| Mode \\ clients | 5 | 10 |"), "the probe is not a column\n" + md);
    // Traffic: 100 samples of 25,000 bytes from the first start to the last end (994 ms with
    // 4 ms samples, 998 ms with 8 ms ones), in kB/s; JMS: 100 of 10,000 bytes in 991 ms.
    assertTrue(md.contains("| Polling XML 1250 | 2,515 | 2,505 |"), md);
    assertTrue(md.contains("| JMS 1250 | 1,009 | 1,009 |"), md);
    assertTrue(md.contains("| *ratio Polling XML / JMS, 1250* | 2.49 | 2.48 |"), md);
    assertTrue(md.contains("| MTOM (probe) | 1250 | 5 |"), md);
    assertTrue(md.contains("| XML | 1250 | 10,000 | 25,000 | 0 | 2.50 | 2.50 |"), md);
    // IE CPU per vector: 0.2 s over 100 answers, 0.02 s over 100 messages.
    assertTrue(md.contains("| Polling XML 1250 | 2.000 | 2.000 |"), md);
    assertTrue(md.contains("| JMS 1250 | 0.200 | 0.200 |"), md);
    assertTrue(md.contains("polling XML ÷ JMS, averaged over the client counts: 10.0"), md);
    assertTrue(
        md.contains("Superseded in this run: 6 after the warm-ups and 10 during them, of 240"), md);
    assertTrue(md.contains("| 5 / 3 | 7 / 0 |"), "superseded, then missed, each split\n" + md);
    assertTrue(md.contains("```sh\nrun-experiment.sh --lengths=1250\n```"), md);
    for (String svg : List.of("response-time.svg", "response-rate.svg", "traffic.svg")) {
      assertTrue(Files.readString(out.resolve(svg)).startsWith("<svg"), svg);
    }
  }

  @Test
  void jmsCodesPointsHaveRowsOfTheirOwn(@TempDir Path dir) throws Exception {
    List<Point> points =
        List.of(
            point(dir, "XML", 5, 4, 25000, 0.2),
            point(dir, "JMS", 5, 1, 10000, 0.02),
            point(dir, WanReport.CODES, 5, 1, 2800, 0.01));
    Machine machine = new Machine(2, "CPU", 1024, "Linux", "Java 17", "0.10 0.20 0.30");
    String md =
        new Report(
                new Settings("--encodings=XML"),
                machine,
                machine,
                "the IE",
                Instant.EPOCH,
                Instant.EPOCH,
                points,
                null)
            .markdown();
    assertTrue(md.contains("| JMS 1250 | 1,009 |"), md);
    assertTrue(md.contains("| JMS codes 1250 | 283 |"), "100 of 2,800 bytes in 991 ms\n" + md);
    assertTrue(md.contains("| JMS-codes | 1250 | 10,000 | 2,800 | 0 | 0.28 | 0.28 |"), md);
    assertTrue(md.contains("| JMS codes 1250 | 0.100 |"), "IE CPU per vector\n" + md);
    assertTrue(md.contains("| JMS-codes | 1250 | 5 | 4.00 | 4 |"), "subscription point\n" + md);
  }

  @Test
  void theTrafficChartAndTheDiscussionHaveTheJmsCodesPoints(@TempDir Path dir) throws Exception {
    List<Point> doubles =
        List.of(point(dir, "XML", 5, 4, 25000, 0.2), point(dir, "JMS", 5, 1, 10000, 0.02));
    List<Point> withCodes = new ArrayList<>(doubles);
    withCodes.add(point(dir, WanReport.CODES, 5, 1, 2800, 0.01));
    PointTable table = new PointTable(withCodes, List.of("XML"));
    String chart = new ReportCharts(table).traffic();
    assertTrue(chart.contains(">JMS codes 1250<"), chart);
    assertTrue(chart.contains(">JMS 1250<"), chart);
    String without = new ReportCharts(new PointTable(doubles, List.of("XML"))).traffic();
    assertTrue(!without.contains("JMS codes"), without);

    StringBuilder b = new StringBuilder();
    new Discussion(table, 2).appendTo(b);
    String text = b.toString();
    // 2,800 bytes a message against 10,000; the same rate; 0.01 s of IE CPU against 0.02 s.
    assertTrue(
        text.contains(
            "6. **The instrument's codes.** The paper's JMS messages carried doubles, 8 bytes a"
                + " point, where a scope sends 1 or 2. At 1,250 points a JMS codes message took"
                + " 0.28 of a doubles message's bytes (2,800 against 10,000 per vector); per"
                + " client, its subscribers received 1.00 times the vectors per second, and the IE"
                + " spent 0.50 times the CPU per delivered vector.\n"),
        text);
    assertTrue(text.contains("- JMS codes (`--codes.topic`)"), text);
    StringBuilder none = new StringBuilder();
    new Discussion(new PointTable(doubles, List.of("XML")), 2).appendTo(none);
    assertTrue(
        none.toString().contains("No JMS codes point was measured in this run"), none.toString());
  }

  /** The WAN report's traffic table over one 10 Mbit/s, 50 ms link that carried {@code points}. */
  private static String wanTrafficTable(List<Point> points) {
    LinkShape shape = LinkShape.parse("10mbit:50ms");
    Machine machine = new Machine(2, "CPU", 1024, "Linux", "Java 17", "0.10 0.20 0.30");
    LinkAccuracy accuracy = new LinkAccuracy(shape, "a relay", 50.3, 9.4, 2_000_000);
    String md =
        new WanReport(
                new Settings("--encodings=XML"),
                machine,
                machine,
                Instant.EPOCH,
                Instant.EPOCH,
                List.of(new WanReport.LinkRun(shape, accuracy, points)))
            .markdown();
    return md.substring(md.indexOf("## Traffic against the paper's Table 1"));
  }

  @Test
  void theWanReportsTrafficTableHasAJmsCodesRowWithoutAPaperFigure(@TempDir Path dir)
      throws Exception {
    List<Point> points =
        List.of(
            point(dir, "XML", 5, 4, 25000, 0.2),
            point(dir, "JMS", 5, 1, 10000, 0.02),
            point(dir, WanReport.CODES, 5, 1, 2800, 0.01));
    String table = wanTrafficTable(points);
    // 100 messages of 2,800 bytes in 991 ms: 283 kB/s; the paper measured no codes.
    assertTrue(table.contains("\n| JMS codes, 1250 | 283 |\n"), table);
    assertTrue(table.contains("\n| JMS doubles, 1250 | 1,009 (199) |\n"), table);
    String without = wanTrafficTable(points.subList(0, 2));
    assertTrue(!without.contains("JMS codes"), without);
  }

  private static String discussion(Path dir, double ieCpu, int elapsedAtTenClients)
      throws Exception {
    List<Point> points =
        List.of(
            point(dir, "XML", 5, 4, 25000, ieCpu),
            point(dir, "XML", 10, elapsedAtTenClients, 25000, ieCpu),
            point(dir, "JMS", 5, 1, 10000, 0.02),
            point(dir, "JMS", 10, 1, 10000, 0.02));
    StringBuilder b = new StringBuilder();
    new Discussion(new PointTable(points, List.of("XML")), 2).appendTo(b);
    return b.toString();
  }

  @Test
  void theDiscussionsConclusionsFollowTheFigures(@TempDir Path dir) throws Exception {
    // 1.5 s of IE CPU and 0.5 s of JMeter's over a 1 s window on 2 cores: all of them busy. K1 is
    // 1,250 vectors/s at both client counts.
    String busy = discussion(Files.createDirectories(dir.resolve("busy")), 1.5, 8);
    assertTrue(busy.contains("the bottleneck is CPU"), busy);
    assertTrue(busy.contains("roughly constant, as in the paper"), busy);
    assertTrue(busy.contains("**Smaller XML.**"), "2.5 times JMS, the paper's 6.7\n" + busy);
    // 0.01 s of IE CPU: a quarter of the cores. K1 1,250 at 5 clients, 2,500 at 10.
    String idle = discussion(Files.createDirectories(dir.resolve("idle")), 0.01, 4);
    assertTrue(idle.contains("the CPU was not the bottleneck"), idle);
    assertTrue(idle.contains("67 % of its mean: not constant"), idle);
    assertTrue(!idle.contains("the bottleneck is CPU") && !busy.contains("not the bottleneck"));
  }

  @Test
  void withoutTheIesCpuTimeTheReportSaysWhy(@TempDir Path dir) throws Exception {
    List<Point> points =
        List.of(
            point(dir, "XML", 5, 4, 25000, Double.NaN), point(dir, "JMS", 5, 1, 10000, Double.NaN));
    Machine machine = new Machine(2, "CPU", 1024, "Linux", "Java 17", "unknown");
    String md =
        new Report(
                new Settings("--encodings=XML"),
                machine,
                machine,
                "given by --ie.url",
                Instant.EPOCH,
                Instant.EPOCH,
                points,
                null)
            .markdown();
    assertTrue(
        md.contains("Not available: the IE runs elsewhere and no `--ie.pid` was given."), md);
    assertTrue(
        md.contains(
            "IE CPU per delivered vector, polling XML ÷ JMS, averaged over the client counts: n/a"),
        md);
  }

  @Test
  void everyCsvLineHasAFieldForEveryColumn(@TempDir Path dir) throws Exception {
    int columns = ResultsCsv.HEADER.split(",").length;
    for (String encoding : List.of("XML", "JMS")) {
      String[] fields = ResultsCsv.line(point(dir, encoding, 5, 1, 10000, 0.02)).split(",");
      assertEquals(columns, fields.length, encoding);
      assertEquals(encoding.equals("JMS") ? "3" : "0", fields[columns - 4], "superseded");
      assertEquals(encoding.equals("JMS") ? "5" : "0", fields[columns - 3], "in the warm-up");
      assertEquals(encoding.equals("JMS") ? "11" : "0", fields[columns - 2], "discarded");
    }
  }
}
