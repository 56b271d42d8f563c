package org.instrumentelement.ie.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * What the machine is and how busy it was, stored with every figure: on shared cores a figure means
 * little without them, and runs are compared only with their machine in view.
 *
 * @param cores processors available to this JVM
 * @param cpu the CPU model ({@code /proc/cpuinfo}), or the architecture off Linux
 * @param memoryMiB physical memory, 0 when unknown
 * @param os operating system name and version
 * @param java the JVM's name and runtime version
 * @param loadAverages the 1, 5 and 15 minute load averages, or "unknown"
 */
public record Machine(
    int cores, String cpu, long memoryMiB, String os, String java, String loadAverages) {

  /** This machine, now. */
  public static Machine describe() {
    return new Machine(
        Runtime.getRuntime().availableProcessors(),
        cpuModel(),
        readMemoryMiB(),
        System.getProperty("os.name") + " " + System.getProperty("os.version"),
        System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"),
        readLoadAverages());
  }

  /** One line for a console or a report. */
  public String summary() {
    return String.format(
        Locale.ROOT,
        "%d cores (%s), %,d MiB, %s, %s, load averages %s",
        cores,
        cpu,
        memoryMiB,
        os,
        java,
        loadAverages);
  }

  /** The 1-minute load average now, or NaN off Linux. */
  public static double loadAverage() {
    try {
      return Double.parseDouble(readLoadAverages().split("\\s+")[0]);
    } catch (RuntimeException e) {
      return Double.NaN;
    }
  }

  private static String readLoadAverages() {
    try {
      String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
      return f[0] + " " + f[1] + " " + f[2];
    } catch (IOException | RuntimeException e) {
      return "unknown";
    }
  }

  private static String cpuModel() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
        if (line.startsWith("model name")) {
          return line.substring(line.indexOf(':') + 1).trim();
        }
      }
    } catch (IOException e) {
      // not Linux
    }
    return System.getProperty("os.arch");
  }

  private static long readMemoryMiB() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
        if (line.startsWith("MemTotal:")) {
          return Long.parseLong(line.replaceAll("\\D", "")) / 1024;
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux
    }
    return 0;
  }
}
