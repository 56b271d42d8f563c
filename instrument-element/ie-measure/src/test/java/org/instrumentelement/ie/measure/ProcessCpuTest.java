package org.instrumentelement.ie.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
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
  void readsTheRunTimeOfAThreadsSchedulerStatistics() {
    assertEquals(1234567890123L, ProcessCpu.parseRunNanos("1234567890123 4567 89\n"));
  }

  @Test
  void countsOnlyTheNamedThreads() throws Exception {
    ProcessCpu self = new ProcessCpu(ProcessHandle.current().pid());
    if (!self.available()) {
      return;
    }
    AtomicBoolean stop = new AtomicBoolean();
    Thread busy =
        new Thread(
            () -> {
              long x = 0;
              while (!stop.get()) {
                x += System.nanoTime() % 7;
              }
              assertTrue(x >= 0);
            },
            "cpu-test-busy");
    Map<Long, Long> before = self.threadNanos("cpu-test-busy");
    busy.start();
    Thread.sleep(300);
    Map<Long, Long> during = self.threadNanos("cpu-test-busy");
    stop.set(true);
    busy.join();
    assertEquals(Map.of(), before, "no such thread yet");
    assertEquals(1, during.size());
    double used = ProcessCpu.secondsBetween(before, during);
    assertTrue(used > 0.01, "the busy thread's time: " + used);
    assertTrue(used <= self.seconds() + 0.02, "a part of the process's time");
    assertEquals(Map.of(), self.threadNanos("no-such-thread"));
  }

  @Test
  void aThreadThatEndedDoesNotTakeBackWhatItUsedBefore() {
    // thread 7 ended (it had used 9 s), thread 8 went on, thread 9 started
    Map<Long, Long> before = Map.of(7L, 9_000_000_000L, 8L, 1_000_000_000L);
    Map<Long, Long> after = Map.of(8L, 1_500_000_000L, 9L, 250_000_000L);
    assertEquals(0.75, ProcessCpu.secondsBetween(before, after), 1e-9);
    assertTrue(Double.isNaN(ProcessCpu.secondsBetween(before, Map.of())));
  }

  @Test
  void aProcessThatIsGoneHasNoCpuTime() throws Exception {
    Process p = new ProcessBuilder("true").start();
    p.waitFor();
    ProcessCpu gone = new ProcessCpu(p.pid());
    assertFalse(gone.available());
    assertTrue(Double.isNaN(gone.seconds()));
    assertTrue(Double.isNaN(gone.systemSeconds()));
    assertEquals(Map.of(), gone.threadNanos(""));
  }
}
