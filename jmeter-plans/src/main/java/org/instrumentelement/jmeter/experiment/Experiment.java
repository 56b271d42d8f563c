package org.instrumentelement.jmeter.experiment;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.instrumentelement.ie.measure.Machine;

/**
 * The DORII experiment: for each vector length, polling with every client count (in each polling
 * encoding), then the same client counts subscribed to the attribute's topic while the IM samples
 * at 1/Tr, Tr being the mean XML polling response time measured for that client count. Then the
 * report. With {@code --soak=true} it runs the soak plan instead ({@link SoakRun}).
 *
 * <p>Run it with {@code jmeter-plans/run-experiment.sh}; {@code --help} lists the options.
 */
public final class Experiment {
  private final Settings settings;
  private final PrintStream console;
  private final JMeterLauncher jmeter;

  Experiment(Settings settings, PrintStream console) throws IOException {
    this.settings = settings;
    this.console = console;
    this.jmeter =
        new JMeterLauncher(settings.path("jmeter.home"), settings.words("jmeter.java.opts"));
  }

  /** Runs the experiment or the soak; exit code 1 when samples failed, 2 for a bad command line. */
  public static void main(String[] args) throws Exception {
    // run-experiment.sh puts --command=... first, so --help may come anywhere.
    if (Settings.asksForHelp(args)) {
      System.out.print(Settings.usage());
      return;
    }
    Settings settings;
    try {
      settings = new Settings(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.exit(2);
      return;
    }
    Experiment x = new Experiment(settings, System.out);
    int failures = settings.flag("soak") ? x.soak() : x.experiment();
    System.exit(failures == 0 ? 0 : 1);
  }

  /** Runs the whole experiment and writes the report; returns the number of failed samples. */
  int experiment() throws IOException, InterruptedException {
    Machine machine = Machine.describe();
    Instant started = Instant.now();
    List<Integer> lengths = settings.integers("lengths");
    List<Integer> clients = settings.integers("clients");
    List<String> encodings = settings.words("encodings");
    if (encodings.isEmpty() || !encodings.get(0).equals("XML")) {
      throw new IllegalArgumentException(
          "--encodings must start with XML (Tr is measured with it)");
    }
    boolean mtom = settings.flag("mtom");
    int total =
        lengths.size() * (encodings.size() + 1) * clients.size() + (mtom ? lengths.size() : 0);
    int warmup = settings.integer("warmup");
    int duration = settings.integer("duration");
    console.printf(
        Locale.ROOT,
        "DORII experiment: %d points of %d s warm-up + %d s measurement (about %d min)%n",
        total,
        warmup,
        duration,
        Math.round(total * (warmup + duration + 8) / 60.0));
    console.println("Machine: " + machine.summary());
    List<Point> points = new ArrayList<>();
    String ieDescription;
    try (MeasuredIe ie = MeasuredIe.open(settings, console)) {
      ieDescription = ie.description();
      String attribute = settings.get("attribute");
      for (int length : lengths) {
        ie.configureSampling(settings.im(length), attribute, 0);
      }
      PointRunner runner = new PointRunner(settings, console, jmeter, ie);
      int n = 0;
      for (int length : lengths) {
        String im = settings.im(length);
        Map<Integer, Double> tr = new HashMap<>();
        for (String encoding : encodings) {
          for (int c : clients) {
            Point p = runner.poll(++n, total, im, length, encoding, c, warmup, duration);
            points.add(p);
            if (encoding.equals("XML")) {
              tr.put(c, p.samples().meanElapsed);
            }
          }
        }
        if (mtom) {
          int c = clients.get(0);
          points.add(
              runner.poll(++n, total, im, length, "MTOM", c, warmup, Math.max(2, duration / 3)));
        }
        for (int c : clients) {
          points.add(runner.subscribe(++n, total, im, length, c, tr.get(c), warmup, duration));
        }
      }
    }
    int failures = points.stream().mapToInt(Point::hardErrors).sum();
    Path out = settings.path("out");
    Files.createDirectories(out);
    ResultsCsv.write(points, out.resolve("results.csv"));
    String dashboard = new Dashboard(settings, jmeter, console).write(points, out);
    Machine after = Machine.describe();
    new Report(settings, machine, after, ieDescription, started, Instant.now(), points, dashboard)
        .write(out);
    console.println("Report: " + out.resolve("report.md"));
    console.printf(Locale.ROOT, "%d failed samples (sequence gaps not counted)%n", failures);
    return failures;
  }

  /** The soak plan: pollers and subscribers together; returns the number of failed samples. */
  int soak() throws IOException, InterruptedException {
    return new SoakRun(settings, console, jmeter).run();
  }
}
