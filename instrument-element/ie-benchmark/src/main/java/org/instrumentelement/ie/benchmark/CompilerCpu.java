package org.instrumentelement.ie.benchmark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.instrumentelement.ie.measure.ProcessCpu;

/**
 * The CPU time a JVM's JIT compiler threads ({@code C1 CompilerThread<n>}, {@code C2
 * CompilerThread<n>}) have used, read from {@code /proc/<pid>/task/<tid>/stat}: a one-time cost of
 * the code the process runs, not of the work measured, which the ladder shows apart. HotSpot ends
 * compiler threads it no longer needs, and their time leaves the sum with them: the difference of
 * two readings may fall short of what the compilers used in between (never below 0). Linux only:
 * elsewhere NaN.
 */
final class CompilerCpu {
  private CompilerCpu() {}

  /** CPU seconds of the compiler threads alive now, or NaN when /proc cannot be read. */
  static double seconds(long pid) {
    Path tasks = Path.of("/proc", Long.toString(pid), "task");
    try (Stream<Path> threads = Files.list(tasks)) {
      return threads.mapToDouble(CompilerCpu::ofThread).sum();
    } catch (IOException | RuntimeException e) {
      return Double.NaN;
    }
  }

  private static double ofThread(Path task) {
    try {
      String stat = Files.readString(task.resolve("stat"));
      String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (!name.startsWith("C1 CompilerThre") && !name.startsWith("C2 CompilerThre")) {
        return 0;
      }
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
      return (Long.parseLong(f[14 - 3]) + Long.parseLong(f[15 - 3])) / ProcessCpu.ticksPerSecond();
    } catch (IOException | RuntimeException e) {
      return 0; // the thread ended meanwhile
    }
  }
}
