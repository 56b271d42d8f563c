package org.instrumentelement.ie.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

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
