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
import java.util.TreeMap;
import org.instrumentelement.ie.measure.Machine;
import org.instrumentelement.ie.measure.link.LinkAccuracy;
import org.instrumentelement.ie.measure.link.LinkShape;
import org.instrumentelement.ie.measure.link.ShapedLink;

/**
 * The DORII experiment: for each vector length, polling with every client count (in each polling
 * encoding), then the same client counts subscribed to the attribute's topic while the IM samples
 * at 1/Tr, Tr being the mean XML polling response time measured for that client count. Then the
 * report. With {@code --link}, all of it over each shaped link in turn, and {@link WanReport}
 * across them. With {@code --soak=true} it runs the soak plan instead ({@link SoakRun}).
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

  /**
   * Runs the whole experiment and writes the report, once directly or, with {@code --link}, once
   * over each link (its report in a directory of its own) and then {@code wan.md} across them;
   * returns the number of failed samples.
   */
  int experiment() throws IOException, InterruptedException {
    List<String> links = settings.words("link");
    if (links.isEmpty()) {
      return measure(settings, null).failures();
    }
    Machine machine = Machine.describe();
    Instant started = Instant.now();
    ShapedLink.Via via = ShapedLink.Via.of(settings.get("link.via"));
    List<WanReport.LinkRun> runs = new ArrayList<>();
    int failures = 0;
    for (String l : links) {
      LinkShape shape = LinkShape.parse(l);
      console.println("Link " + shape + ": measuring what it imposes");
      LinkAccuracy accuracy = LinkAccuracy.measure(shape, via);
      console.println("      " + accuracy.summary());
      Settings one =
          settings
              .with("out", settings.path("out").resolve(shape.fileName()).toString())
              .with("work", settings.path("work").resolve(shape.fileName()).toString());
      Measured m = measure(one, shape);
      failures += m.failures();
      runs.add(new WanReport.LinkRun(shape, accuracy, m.points()));
    }
    Path out = settings.path("out");
    Files.createDirectories(out);
    Path wan = out.resolve("wan.md");
    Files.writeString(
        wan,
        new WanReport(settings, machine, Machine.describe(), started, Instant.now(), runs)
            .markdown());
    console.println("Report across the links: " + wan);
    return failures;
  }

  /** The points of one run, and its failed samples. */
  private record Measured(List<Point> points, int failures) {}

  /** One run of every point, directly or over one link, with its report in its --out. */
  private Measured measure(Settings settings, LinkShape link)
      throws IOException, InterruptedException {
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
    int warmup = settings.integer("warmup");
    int duration = settings.integer("duration");
    List<Point> points = new ArrayList<>();
    String ieDescription;
    try (MeasuredIe ie = MeasuredIe.open(settings, console, link)) {
      ieDescription = ie.description();
      String attribute = settings.get("attribute");
      Map<Integer, String> codesTopics = new TreeMap<>();
      for (int length : lengths) {
        ie.configureSampling(settings.im(length), attribute, 0);
        String codes = ie.codesTopic(settings, settings.im(length), attribute);
        if (codes != null) {
          codesTopics.put(length, codes);
        }
      }
      int total =
          lengths.size() * (encodings.size() + 1) * clients.size()
              + codesTopics.size() * clients.size()
              + (mtom ? lengths.size() : 0);
      console.printf(
          Locale.ROOT,
          "DORII experiment%s: %d points of %d s warm-up + %d s measurement (about %d min)%n",
          link == null ? "" : " over a " + link + " link",
          total,
          warmup,
          duration,
          Math.round(total * (warmup + duration + 8) / 60.0));
      console.println("Machine: " + machine.summary());
      console.println(
          "JMS codes: "
              + (codesTopics.isEmpty()
                  ? "not measured (" + MeasuredIe.noCodes(settings) + ")"
                  : codesTopics.toString()));
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
          String codesTopic = codesTopics.get(length);
          if (codesTopic != null) {
            points.add(
                runner.subscribe(
                    ++n,
                    total,
                    im,
                    length,
                    c,
                    tr.get(c),
                    warmup,
                    duration,
                    WanReport.CODES,
                    codesTopic));
          }
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
    return new Measured(points, failures);
  }

  /** The soak plan: pollers and subscribers together; returns the number of failed samples. */
  int soak() throws IOException, InterruptedException {
    return new SoakRun(settings, console, jmeter).run();
  }
}
