package org.instrumentelement.ie.benchmark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The IE process's resident memory (VmRSS in {@code /proc/<pid>/status}), read on a timer while a
 * load runs: what the operating system holds for the IE (heap, broker buffers, thread stacks), so
 * that memory that grows with the clients shows, as the Sensor Abstraction Layer study read it.
 * Linux only: elsewhere there are no readings.
 */
final class ResidentMemory implements AutoCloseable {
  /** Least, mean and greatest of the readings in megabytes (10^6 bytes); NaN without readings. */
  record Summary(double min, double mean, double max, int readings) {}

  private final Path status;
  private final List<Long> kilobytes = new ArrayList<>();
  private final ScheduledExecutorService timer;

  /** Starts reading the resident memory of process {@code pid} every {@code periodMillis}. */
  ResidentMemory(long pid, long periodMillis) {
    status = Path.of("/proc", Long.toString(pid), "status");
    timer =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "resident-memory");
              t.setDaemon(true);
              return t;
            });
    timer.scheduleAtFixedRate(this::read, 0, periodMillis, TimeUnit.MILLISECONDS);
  }

  private void read() {
    try {
      long kb = parseKilobytes(Files.readString(status));
      if (kb >= 0) {
        synchronized (kilobytes) {
          kilobytes.add(kb);
        }
      }
    } catch (IOException | RuntimeException e) {
      // the process is gone or /proc is not there: no reading
    }
  }

  /** VmRSS in kB from the text of {@code /proc/<pid>/status}; -1 when it has none. */
  static long parseKilobytes(String status) {
    for (String line : status.split("\n")) {
      if (line.startsWith("VmRSS:")) {
        String[] words = line.substring("VmRSS:".length()).trim().split("\\s+");
        return Long.parseLong(words[0]);
      }
    }
    return -1;
  }

  /** The readings so far. */
  Summary summary() {
    synchronized (kilobytes) {
      if (kilobytes.isEmpty()) {
        return new Summary(Double.NaN, Double.NaN, Double.NaN, 0);
      }
      double[] mb = kilobytes.stream().mapToDouble(kb -> kb * 1024 / 1e6).toArray();
      double min = Double.MAX_VALUE;
      double max = 0;
      for (double m : mb) {
        min = Math.min(min, m);
        max = Math.max(max, m);
      }
      return new Summary(min, Statistics.mean(mb), max, mb.length);
    }
  }

  /** Stops reading; the readings stay. */
  @Override
  public void close() {
    timer.shutdownNow();
  }
}
