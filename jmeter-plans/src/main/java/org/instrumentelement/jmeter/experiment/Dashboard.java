package org.instrumentelement.jmeter.experiment;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * JMeter's own HTML dashboard over the measured samples of the points {@code --dashboard} chooses
 * (one vector length and client count, all modes), written by JMeter in a JVM of its own.
 */
final class Dashboard {
  private final Settings settings;
  private final JMeterLauncher jmeter;
  private final PrintStream console;

  Dashboard(Settings settings, JMeterLauncher jmeter, PrintStream console) {
    this.settings = settings;
    this.jmeter = jmeter;
    this.console = console;
  }

  /** Writes the dashboard into {@code out}; its directory name, or null when there is none. */
  String write(List<Point> points, Path out) throws IOException, InterruptedException {
    String choice = settings.get("dashboard").trim();
    if (choice.equals("none") || points.isEmpty()) {
      return null;
    }
    int length;
    int clients;
    if (choice.equals("max")) {
      length = points.stream().mapToInt(Point::length).max().orElseThrow();
      clients = points.stream().mapToInt(Point::clients).max().orElseThrow();
    } else {
      String[] lc = choice.split("x");
      length = Integer.parseInt(lc[0]);
      clients = Integer.parseInt(lc[1]);
    }
    List<Point> chosen =
        points.stream()
            .filter(p -> p.length() == length && p.clients() == clients)
            .sorted(Comparator.comparing(Point::encoding))
            .toList();
    if (chosen.isEmpty()) {
      return null;
    }
    Path work = settings.path("work");
    Path merged = work.resolve("dashboard-" + length + "x" + clients + ".jtl");
    merge(chosen, work, merged);
    String dir = "dashboard-" + length + "x" + clients;
    Path target = out.resolve(dir);
    deleteTree(target);
    console.println("Writing JMeter's HTML dashboard for " + length + " doubles x " + clients);
    int code = jmeter.dashboard(merged, target, work.resolve("dashboard.log"), line -> {});
    if (code != 0) {
      console.println(
          "  JMeter could not write the dashboard; see " + work.resolve("dashboard.log"));
      return null;
    }
    return dir;
  }

  /** One results file of the points' measured samples, under one header line. */
  private static void merge(List<Point> points, Path work, Path merged) throws IOException {
    try (BufferedWriter w = Files.newBufferedWriter(merged, StandardCharsets.UTF_8)) {
      boolean header = true;
      for (Point p : points) {
        Path measured = work.resolve(p.name() + ".measured.jtl");
        try (Stream<String> lines = Files.lines(measured, StandardCharsets.UTF_8)) {
          for (String line : (Iterable<String>) lines.skip(header ? 0 : 1)::iterator) {
            w.write(line);
            w.newLine();
          }
        }
        header = false;
      }
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
