package org.instrumentelement.ie.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CopyFanOutTest {
  private static void awaitAtLeast(CopyFanOut.Readers readers, long count)
      throws InterruptedException {
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (readers.received.get() < count && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
  }

  @Test
  void everyReaderGetsEveryMessageWholeAndInTurn() throws Exception {
    try (CopyFanOut fanOut = CopyFanOut.start(20_000);
        CopyFanOut.Readers readers = fanOut.readers(3)) {
      fanOut.periodMicros(5_000);
      awaitAtLeast(readers, 90);
      fanOut.periodMicros(0);
      assertTrue(readers.received.get() >= 90, "messages read: " + readers.received.get());
      assertEquals(0, readers.lost.get(), "messages missing between those read");
      assertEquals(0, readers.malformed.get(), "messages not read whole or out of turn");
      assertTrue(fanOut.cpu().seconds() > 0, "the fan-out's CPU is its own process's");
    }
  }

  /** Waits (at most a minute) until every reader has read message {@code number} or a later one. */
  private static void awaitEveryReaderAt(CopyFanOut.Readers readers, long number)
      throws InterruptedException {
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (readers.leastLastRead() < number && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertTrue(
        readers.leastLastRead() >= number,
        "every reader at message " + number + ": " + readers.leastLastRead());
  }

  @Test
  void aPeriodOfZeroStopsSendingAndANewOneResumes() throws Exception {
    try (CopyFanOut fanOut = CopyFanOut.start(1_000);
        CopyFanOut.Readers readers = fanOut.readers(2)) {
      long before = fanOut.periodMicros(2_000);
      // Once every reader has a message, each is among the connections written to.
      awaitEveryReaderAt(readers, before + 10);
      // The messages numbered before the fan-out took the stop still reach every reader.
      long numbered = fanOut.periodMicros(0);
      awaitEveryReaderAt(readers, numbered);
      long stopped = readers.received.get();
      Thread.sleep(500);
      assertEquals(stopped, readers.received.get(), "nothing sent after period 0");
      assertEquals(numbered, readers.leastLastRead(), "no message numbered after period 0");
      fanOut.periodMicros(2_000);
      awaitAtLeast(readers, stopped + 20);
      assertTrue(readers.received.get() >= stopped + 20, "sending resumed");
      assertEquals(0, readers.malformed.get());
    }
  }
}
