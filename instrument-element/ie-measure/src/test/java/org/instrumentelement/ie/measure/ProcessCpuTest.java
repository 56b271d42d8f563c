package org.instrumentelement.ie.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ProcessCpuTest {

  @Test
  void readsUserPlusSystemTimeEvenWhenTheNameHasSpaces() {
    String stat =
        "4242 (java (main) x) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 150 0 0 20 0 42 0 1000"
            + " 5000000 3000 18446744073709551615";
    // utime 250 + stime 150 ticks
    assertEquals(400 / ProcessCpu.ticksPerSecond(), ProcessCpu.parse(stat), 1e-9);
    assertEquals(150 / ProcessCpu.ticksPerSecond(), ProcessCpu.parseSystem(stat), 1e-9);
  }

  @Test
  void readsItsOwnProcess() {
    ProcessCpu self = new ProcessCpu(ProcessHandle.current().pid());
    if (self.available()) {
      assertTrue(self.seconds() > 0);
      assertTrue(self.systemSeconds() >= 0 && self.systemSeconds() <= self.seconds());
    }
  }

  @Test
  void aProcessThatIsGoneHasNoCpuTime() throws Exception {
    Process p = new ProcessBuilder("true").start();
    p.waitFor();
    ProcessCpu gone = new ProcessCpu(p.pid());
    assertFalse(gone.available());
    assertTrue(Double.isNaN(gone.seconds()));
    assertTrue(Double.isNaN(gone.systemSeconds()));
  }
}
