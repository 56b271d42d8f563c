package org.instrumentelement.jmeter.experiment;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.instrumentelement.ie.measure.CpuTimeline;
import org.instrumentelement.ie.measure.ProcessCpu;

/**
 * One run of a plan in JMeter's own JVM while the CPU time of the IE and of JMeter is read every
 * 200 ms; afterwards the measured samples and the CPU time both processes spent in their window.
 *
 * @param samples the measured samples (warm-up left out)
 * @param ieCpuSeconds the IE's CPU time over the samples' window; NaN when it cannot be read
 * @param jmeterCpuSeconds JMeter's CPU time over the same window
 */
record PlanRun(Samples samples, double ieCpuSeconds, double jmeterCpuSeconds) {
  private static final long CPU_READING_MILLIS = 200;

  /**
   * Runs {@code plan} with these JMeter properties; results and log go to {@code work} as {@code
   * <name>.jtl} and {@code <name>.log}, the measured samples to {@code <name>.measured.jtl}.
   *
   * @param ieCpu the IE's CPU time, or null when it cannot be read
   * @param console where JMeter's summary lines are shown, indented
   */
  static PlanRun run(
      JMeterLauncher jmeter,
      Path plan,
      Map<String, String> properties,
      Path work,
      String name,
      ProcessCpu ieCpu,
      PrintStream console)
      throws IOException, InterruptedException {
    Files.createDirectories(work);
    Path results = work.resolve(name + ".jtl");
    CpuTimeline ieTimeline = new CpuTimeline();
    CpuTimeline jmeterTimeline = new CpuTimeline();
    JMeterLauncher.Run r =
        jmeter.start(
            plan,
            properties,
            results,
            work.resolve(name + ".log"),
            line -> {
              if (line.startsWith("summary")) {
                console.println("      " + line);
              }
            });
    ProcessCpu jmeterCpu = new ProcessCpu(r.pid());
    ScheduledExecutorService reader = Executors.newSingleThreadScheduledExecutor();
    reader.scheduleAtFixedRate(
        () -> {
          long now = System.currentTimeMillis();
          if (ieCpu != null) {
            ieTimeline.add(now, ieCpu.seconds());
          }
          jmeterTimeline.add(now, jmeterCpu.seconds());
        },
        0,
        CPU_READING_MILLIS,
        TimeUnit.MILLISECONDS);
    int code;
    try {
      code = r.await();
    } finally {
      reader.shutdownNow();
    }
    if (code != 0) {
      throw new IOException("JMeter exited with " + code + "; see " + work.resolve(name + ".log"));
    }
    Samples s = Samples.read(results, work.resolve(name + ".measured.jtl"));
    return new PlanRun(
        s,
        ieTimeline.between(s.windowStart, s.windowEnd),
        jmeterTimeline.between(s.windowStart, s.windowEnd));
  }
}
