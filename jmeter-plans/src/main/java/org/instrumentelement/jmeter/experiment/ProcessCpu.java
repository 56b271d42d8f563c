package org.instrumentelement.jmeter.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * CPU time of a process on this machine, from {@code /proc/<pid>/stat} (user + system time of all
 * its threads). Linux only; elsewhere {@link #available()} is false.
 */
final class ProcessCpu {
  private static final double TICKS_PER_SECOND = clockTicks();

  private final long pid;

  ProcessCpu(long pid) {
    this.pid = pid;
  }

  /** Clock ticks per second of /proc's CPU times (getconf CLK_TCK). */
  static double ticksPerSecond() {
    return TICKS_PER_SECOND;
  }

  long pid() {
    return pid;
  }

  boolean available() {
    return Files.isReadable(stat());
  }

  /** CPU seconds used so far, or NaN when the process is gone. */
  double seconds() {
    try {
      return parse(Files.readString(stat()));
    } catch (IOException | RuntimeException e) {
      return Double.NaN;
    }
  }

  private Path stat() {
    return Path.of("/proc", Long.toString(pid), "stat");
  }

  /** utime + stime (fields 14 and 15) in seconds; the command name may contain spaces. */
  static double parse(String stat) {
    String afterName = stat.substring(stat.lastIndexOf(')') + 2);
    String[] f = afterName.trim().split("\\s+");
    // afterName starts at field 3 (state), so field n is f[n - 3].
    long utime = Long.parseLong(f[14 - 3]);
    long stime = Long.parseLong(f[15 - 3]);
    return (utime + stime) / TICKS_PER_SECOND;
  }

  private static double clockTicks() {
    try {
      Process p = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes()).trim();
      p.waitFor();
      return Double.parseDouble(out);
    } catch (IOException | NumberFormatException e) {
      return 100;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 100;
    }
  }

  /** CPU seconds sampled over time, so that any window can be read afterwards. */
  static final class Timeline {
    private final List<long[]> times = new ArrayList<>();
    private final List<Double> values = new ArrayList<>();

    synchronized void add(long epochMillis, double cpuSeconds) {
      if (!Double.isNaN(cpuSeconds)) {
        times.add(new long[] {epochMillis});
        values.add(cpuSeconds);
      }
    }

    /** CPU seconds used between two instants, interpolated; NaN without samples around them. */
    synchronized double between(long fromMillis, long toMillis) {
      return at(toMillis) - at(fromMillis);
    }

    private double at(long t) {
      int n = times.size();
      if (n < 2 || t < times.get(0)[0] || t > times.get(n - 1)[0]) {
        return Double.NaN;
      }
      for (int i = 1; i < n; i++) {
        long t1 = times.get(i)[0];
        if (t <= t1) {
          long t0 = times.get(i - 1)[0];
          double v0 = values.get(i - 1);
          double v1 = values.get(i);
          return t1 == t0 ? v1 : v0 + (v1 - v0) * (t - t0) / (double) (t1 - t0);
        }
      }
      return values.get(n - 1);
    }
  }
}
