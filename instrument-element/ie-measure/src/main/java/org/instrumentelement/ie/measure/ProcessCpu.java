package org.instrumentelement.ie.measure;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The CPU time of a process on this machine, read from {@code /proc/<pid>/stat} (user + system time
 * of all its threads). Load generator and IE share the cores, so a rate means little without the
 * CPU time the IE spent on it; the operating system's count needs nothing from the IE. Linux only:
 * elsewhere {@link #available()} is false and {@link #seconds()} NaN.
 */
public final class ProcessCpu {
  private static final double TICKS_PER_SECOND = clockTicks();

  private final long pid;

  /** The process with this id (the IE's, JMeter's, or this JVM's). */
  public ProcessCpu(long pid) {
    this.pid = pid;
  }

  /** Clock ticks per second of /proc's CPU times ({@code getconf CLK_TCK}, usually 100). */
  public static double ticksPerSecond() {
    return TICKS_PER_SECOND;
  }

  /** The process id. */
  public long pid() {
    return pid;
  }

  /** Whether the CPU time can be read (the process exists, on Linux). */
  public boolean available() {
    return Files.isReadable(stat());
  }

  /** CPU seconds used so far, or NaN when the process is gone or /proc cannot be read. */
  public double seconds() {
    try {
      return parse(Files.readString(stat()));
    } catch (IOException | RuntimeException e) {
      return Double.NaN;
    }
  }

  private Path stat() {
    return Path.of("/proc", Long.toString(pid), "stat");
  }

  /**
   * Of {@link #seconds()}, the time spent in the kernel on the process's behalf (system calls,
   * network stack, page faults), or NaN when it cannot be read.
   */
  public double systemSeconds() {
    try {
      return parseSystem(Files.readString(stat()));
    } catch (IOException | RuntimeException e) {
      return Double.NaN;
    }
  }

  /**
   * The CPU time so far of each of the process's threads whose name, as the kernel keeps it (its
   * first 15 characters), starts with one of {@code prefixes}: nanoseconds on a CPU by thread id,
   * from {@code /proc/<pid>/task/<tid>/schedstat} (nanoseconds rather than clock ticks). Empty when
   * the process is gone or /proc cannot be read. Two of these give the time in between ({@link
   * #secondsBetween}).
   */
  public Map<Long, Long> threadNanos(String... prefixes) {
    Map<Long, Long> nanos = new HashMap<>();
    try (DirectoryStream<Path> tasks =
        Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "task"))) {
      for (Path task : tasks) {
        try {
          if (named(Files.readString(task.resolve("comm")), prefixes)) {
            nanos.put(
                Long.parseLong(task.getFileName().toString()),
                parseRunNanos(Files.readString(task.resolve("schedstat"))));
          }
        } catch (IOException | RuntimeException ended) {
          // the thread ended while the others were read
        }
      }
    } catch (IOException | RuntimeException e) {
      return Map.of();
    }
    return nanos;
  }

  /**
   * The CPU seconds the threads of {@code after} used since {@code before}: a thread that started
   * in between counts whole; one that ended in between takes its time in between with it (a pool's
   * idle thread, which used next to none), rather than making the sum fall by all it ever used. NaN
   * when {@code after} is empty.
   */
  public static double secondsBetween(Map<Long, Long> before, Map<Long, Long> after) {
    if (after.isEmpty()) {
      return Double.NaN;
    }
    long nanos = 0;
    for (Map.Entry<Long, Long> t : after.entrySet()) {
      nanos += Math.max(0, t.getValue() - before.getOrDefault(t.getKey(), 0L));
    }
    return nanos / 1e9;
  }

  private static boolean named(String name, String[] prefixes) {
    for (String p : prefixes) {
      if (name.startsWith(p)) {
        return true;
      }
    }
    return false;
  }

  /** The first field of a schedstat line: nanoseconds spent on a CPU. */
  static long parseRunNanos(String schedstat) {
    String s = schedstat.trim();
    int space = s.indexOf(' ');
    return Long.parseLong(space < 0 ? s : s.substring(0, space));
  }

  /** utime + stime (fields 14 and 15) in seconds; the command name may contain spaces. */
  static double parse(String stat) {
    String[] f = fields(stat);
    return (Long.parseLong(f[14 - 3]) + Long.parseLong(f[15 - 3])) / TICKS_PER_SECOND;
  }

  /** stime (field 15) in seconds. */
  static double parseSystem(String stat) {
    return Long.parseLong(fields(stat)[15 - 3]) / TICKS_PER_SECOND;
  }

  /** The fields after the command name: f[n - 3] is field n. */
  private static String[] fields(String stat) {
    String afterName = stat.substring(stat.lastIndexOf(')') + 2);
    return afterName.trim().split("\\s+");
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
}
