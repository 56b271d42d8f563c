package org.instrumentelement.ie.benchmark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** CPU time of another process, from {@code /proc/<pid>/stat} (Linux). */
final class ProcessCpu {
  private static final long TICKS_PER_SECOND = ticks();
  private final long pid;

  ProcessCpu(long pid) {
    this.pid = pid;
  }

  /** User plus system CPU time of the process so far, in nanoseconds. */
  long nanos() {
    try {
      String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
      // Fields after the command name (which may hold spaces) start after the last ')'.
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]); // utime, stime
      return ticks * 1_000_000_000L / TICKS_PER_SECOND;
    } catch (IOException | RuntimeException e) {
      throw new IllegalStateException("cannot read the CPU time of process " + pid, e);
    }
  }

  private static long ticks() {
    try {
      Process p = new ProcessBuilder("getconf", "CLK_TCK").start();
      String out = new String(p.getInputStream().readAllBytes()).trim();
      p.waitFor();
      return Long.parseLong(out);
    } catch (IOException | InterruptedException | NumberFormatException e) {
      return 100;
    }
  }
}
