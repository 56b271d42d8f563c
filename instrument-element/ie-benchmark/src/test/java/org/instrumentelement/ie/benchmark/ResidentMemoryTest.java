package org.instrumentelement.ie.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ResidentMemoryTest {

  @Test
  void theResidentSetIsReadFromTheStatusText() {
    String status =
        "Name:\tjava\nVmPeak:\t 5048392 kB\nVmRSS:\t  733208 kB\nRssAnon:\t  700000 kB\n";
    assertEquals(733208, ResidentMemory.parseKilobytes(status));
    assertEquals(-1, ResidentMemory.parseKilobytes("Name:\tkthreadd\n"), "a kernel thread");
  }

  @Test
  void thisProcessHasReadingsOnLinux() throws Exception {
    try (ResidentMemory rss = new ResidentMemory(ProcessHandle.current().pid(), 10)) {
      long deadline = System.nanoTime() + 10_000_000_000L;
      while (rss.summary().readings() < 2 && System.nanoTime() < deadline) {
        Thread.onSpinWait();
      }
      ResidentMemory.Summary s = rss.summary();
      if (java.nio.file.Files.isReadable(java.nio.file.Path.of("/proc/self/status"))) {
        assertTrue(s.readings() >= 2, "readings: " + s.readings());
        assertTrue(s.min() > 1 && s.min() <= s.mean() && s.mean() <= s.max(), s.toString());
      }
    }
  }
}
