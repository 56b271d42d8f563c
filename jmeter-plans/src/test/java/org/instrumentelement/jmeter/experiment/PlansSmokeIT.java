package org.instrumentelement.jmeter.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A few seconds of every plan against a real Instrument Element, so the plans never rot: the IE
 * runs from the reactor-built jar as a separate process, and JMeter from target/jmeter in JVMs of
 * its own, exactly as {@code run-experiment.sh} runs them. Checks that samples arrive and that
 * nothing fails (a sequence gap is allowed: the IE drops unsent samples by design when the shared
 * cores are busy, and says so).
 */
class PlansSmokeIT {
  private static final Path WORK = Path.of(System.getProperty("work.dir", "target/smoke"));

  private static List<String> common(String name) {
    return new ArrayList<>(
        List.of(
            "--ie.jar=" + System.getProperty("ie.jar"),
            "--jmeter.home=" + System.getProperty("jmeter.home"),
            "--plans=" + System.getProperty("plans.dir"),
            "--out=" + WORK.resolve(name).resolve("report"),
            "--work=" + WORK.resolve(name).resolve("work"),
            "--command=PlansSmokeIT"));
  }

  /**
   * The runner's own IE has its arrays in WORD (the default {@code --array.format}), so the runner
   * finds the codes topic by itself and measures a JMS-codes point after the JMS one.
   */
  @Test
  void pollingXmlAndMtomThenSubscriptionAtOneOverTrWriteTheReport() throws Exception {
    List<String> args = common("experiment");
    args.addAll(
        List.of("--lengths=1250", "--clients=2", "--encodings=XML", "--warmup=1", "--duration=2"));
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    Experiment x =
        new Experiment(
            new Settings(args.toArray(String[]::new)),
            new PrintStream(console, true, StandardCharsets.UTF_8));
    int failures = x.experiment();
    String log = console.toString(StandardCharsets.UTF_8);
    assertEquals(0, failures, log);

    Path report = WORK.resolve("experiment").resolve("report");
    List<String> csv = Files.readAllLines(report.resolve("results.csv"));
    List<String> modes = new ArrayList<>();
    for (String line : csv.subList(1, csv.size())) {
      String[] f = line.split(",");
      modes.add(f[0]);
      assertTrue(Integer.parseInt(f[3]) > 0, "no samples: " + line);
      assertTrue(Double.parseDouble(f[16]) > 0, "no traffic: " + line);
      assertTrue(Double.isFinite(Double.parseDouble(f[19])), "no IE CPU per vector: " + line);
    }
    assertEquals(List.of("XML", "MTOM", "JMS", "JMS-codes"), modes);
    assertTrue(log.contains("JMS codes: {1250=ie.ie.lab.array1250.vector.codes}"), log);
    String md = Files.readString(report.resolve("report.md"));
    assertTrue(md.contains("Table 1 analogue"), md);
    assertTrue(md.contains("| JMS 1250 |"), md);
    assertTrue(md.matches("(?s).*\\| JMS codes 1250 \\| [0-9,]+ \\|.*"), md);
    // The codes' bytes, not the doubles': a quarter of the doubles' body and the properties.
    double doubles = bytesPerVector(csv, "JMS");
    double codes = bytesPerVector(csv, "JMS-codes");
    assertTrue(codes < 0.5 * doubles, codes + " bytes per codes vector, " + doubles + " doubles");
    for (String svg : List.of("response-time.svg", "response-rate.svg", "traffic.svg")) {
      assertTrue(Files.readString(report.resolve(svg)).startsWith("<svg"), svg);
    }
    assertTrue(Files.isRegularFile(report.resolve("dashboard-1250x2").resolve("index.html")));
  }

  @Test
  void overAShapedLinkEveryPollAndMessageCrossesItAndTheWanReportIsWritten() throws Exception {
    List<String> args = common("wan");
    args.addAll(
        List.of(
            "--link=100mbit:20ms",
            "--link.via=relay",
            "--lengths=1250",
            "--clients=1",
            "--encodings=XML",
            "--mtom=false",
            "--jms.period=50",
            "--codes.topic=none",
            "--dashboard=none",
            "--warmup=1",
            "--duration=2"));
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    Experiment x =
        new Experiment(
            new Settings(args.toArray(String[]::new)),
            new PrintStream(console, true, StandardCharsets.UTF_8));
    int failures = x.experiment();
    String log = console.toString(StandardCharsets.UTF_8);
    assertEquals(0, failures, log);

    Path report = WORK.resolve("wan").resolve("report");
    List<String> csv = Files.readAllLines(report.resolve("100mbit-20ms").resolve("results.csv"));
    List<String> header = List.of(csv.get(0).split(","));
    List<String> modes = new ArrayList<>();
    for (String line : csv.subList(1, csv.size())) {
      String[] f = line.split(",");
      modes.add(f[0]);
      assertTrue(Integer.parseInt(f[header.indexOf("samples")]) > 0, "no samples: " + line);
      // The plans' clients reached the IE only through the link: a poll waits at least its
      // round trip, a message at least its one-way delay from publication to arrival.
      double least = f[0].equals("XML") ? 20 : 10;
      assertTrue(
          Double.parseDouble(f[header.indexOf("p50_ms")]) >= least,
          "faster than the link allows: " + line);
    }
    assertEquals(List.of("XML", "JMS"), modes);
    String wan = Files.readString(report.resolve("wan.md"));
    assertTrue(wan.contains("| 100mbit:20ms | 20.0 ms |"), wan);
    assertTrue(wan.contains("| XML polling, 1250 |"), wan);
    assertTrue(wan.contains("| JMS doubles, 1250 |"), wan);
    assertTrue(wan.contains("JMS codes: not measured in this run (--codes.topic=none)"), wan);
  }

  private static double bytesPerVector(List<String> csv, String mode) {
    List<String> header = List.of(csv.get(0).split(","));
    for (String line : csv.subList(1, csv.size())) {
      String[] f = line.split(",");
      if (f[0].equals(mode)) {
        return Double.parseDouble(f[header.indexOf("bytes_per_vector")]);
      }
    }
    throw new AssertionError("no " + mode + " point in " + csv);
  }

  @Test
  void soakMixesPollersAndSubscribersWithoutErrors() throws Exception {
    List<String> args = common("soak");
    args.addAll(
        List.of(
            "--soak=true",
            "--lengths=2500",
            "--duration=3",
            "--soak.pollers=1",
            "--soak.subscribers=2",
            "--poll.interval=50",
            "--soak.period=50"));
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    Experiment x =
        new Experiment(
            new Settings(args.toArray(String[]::new)),
            new PrintStream(console, true, StandardCharsets.UTF_8));
    x.soak();
    String log = console.toString(StandardCharsets.UTF_8);
    SoakSummary summary =
        SoakSummary.read(WORK.resolve("soak").resolve("work").resolve("soak.jtl"));
    Map<String, Samples> byLabel = summary.byLabel();
    assertEquals(3, byLabel.size(), log);
    for (Map.Entry<String, Samples> e : byLabel.entrySet()) {
      Samples s = e.getValue();
      assertTrue(s.count > 0, e.getKey() + " has no samples\n" + log);
      int gaps = s.errorCodes.getOrDefault("SEQUENCE_GAP", 0);
      assertEquals(0, s.errors - gaps, e.getKey() + " failed: " + s.errorCodes + "\n" + log);
    }
    assertTrue(Files.isRegularFile(WORK.resolve("soak").resolve("report").resolve("soak.md")));
  }
}
