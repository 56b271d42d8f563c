package org.instrumentelement.jmeter.experiment;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import org.instrumentelement.ie.measure.Machine;

/**
 * The soak ({@code --soak=true}): pollers and subscribers together for {@code --duration} seconds
 * ({@code plans/soak.jmx}), the IM sampling every {@code --soak.period}; reports the errors and
 * sequence gaps per sampler in {@code soak.md}.
 */
final class SoakRun {
  private final Settings settings;
  private final PrintStream console;
  private final JMeterLauncher jmeter;

  SoakRun(Settings settings, PrintStream console, JMeterLauncher jmeter) {
    this.settings = settings;
    this.console = console;
    this.jmeter = jmeter;
  }

  /** Runs the soak and writes its report; returns the number of failed samples. */
  int run() throws IOException, InterruptedException {
    int length =
        settings.integers("lengths").stream().mapToInt(Integer::intValue).max().orElse(2500);
    String im = settings.im(length);
    String attribute = settings.get("attribute");
    int duration = settings.integer("duration");
    Machine machine = Machine.describe();
    console.println("Machine: " + machine.summary());
    Path work = settings.path("work");
    Path results = work.resolve("soak.jtl");
    int code;
    try (MeasuredIe ie = MeasuredIe.open(settings, console)) {
      long period = settings.integer("soak.period");
      ie.configureSampling(im, attribute, period);
      Map<String, String> props =
          new PointRunner(settings, console, jmeter, ie).properties(im, length, 0, 0, duration);
      props.put("soak.pollers", settings.get("soak.pollers"));
      props.put("soak.subscribers", settings.get("soak.subscribers"));
      props.put("poll.interval", settings.get("poll.interval"));
      props.put("receive.timeout", Long.toString(Math.max(5000, 20 * period)));
      console.printf(
          Locale.ROOT,
          "Soak: %s pollers per encoding every %s ms, %s subscribers, %s sampled every %d ms,"
              + " for %s%n",
          settings.get("soak.pollers"),
          settings.get("poll.interval"),
          settings.get("soak.subscribers"),
          im,
          period,
          Duration.ofSeconds(duration));
      Files.createDirectories(work);
      code =
          jmeter
              .start(
                  settings.path("plans").resolve("soak.jmx"),
                  props,
                  results,
                  work.resolve("soak.log"),
                  line -> {
                    if (line.startsWith("summary")) {
                      console.println("  " + line);
                    }
                  })
              .await();
    }
    if (code != 0) {
      throw new IOException("JMeter exited with " + code);
    }
    SoakSummary summary = SoakSummary.read(results);
    Path out = settings.path("out");
    Files.createDirectories(out);
    Files.writeString(out.resolve("soak.md"), summary.markdown(settings, machine));
    console.print(summary.text());
    console.println("Soak report: " + out.resolve("soak.md"));
    return summary.failures();
  }
}
