package org.instrumentelement.ie.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.instrumentelement.ie.benchmark.LossAccount.PerMinute;
import org.instrumentelement.ie.benchmark.Results.Loss;
import org.instrumentelement.ie.client.soap.SubscriptionInfo;
import org.junit.jupiter.api.Test;

class LossAccountTest {

  @Test
  void perMinuteFiguresLeaveOutTheFirstMinuteAndAPartialLastOne() {
    // Two subscribers, 3 complete minutes and a partial fourth: minutes 1 and 2 of each count.
    List<long[]> delivered = List.of(new long[] {5, 100, 102, 7}, new long[] {3, 98, 100, 9});
    PerMinute p = LossAccount.afterFirstMinute(delivered, 3);
    assertEquals(2, p.minutes());
    assertEquals(100.0, p.mean(), 1e-9);
    // 100, 102, 98, 100 around 100: squares 0 + 4 + 4 + 0 over n - 1 = 3
    assertEquals(Math.sqrt(8.0 / 3), p.standardDeviation(), 1e-9);
  }

  @Test
  void aMinuteWithoutArrivalsCountsAsZero() {
    PerMinute p = LossAccount.afterFirstMinute(List.of(new long[] {1, 4}), 3);
    assertEquals(2.0, p.mean(), 1e-9); // minutes 1 and 2: 4 and 0
  }

  @Test
  void aRunShorterThanTwoMinutesHasNoPerMinuteFigures() {
    PerMinute p = LossAccount.afterFirstMinute(List.of(new long[] {60_000}), 1);
    assertEquals(0, p.minutes());
    assertTrue(Double.isNaN(p.mean()));
  }

  @Test
  void theAccountSumsTheSubscribersAndTheIesCounters() {
    SequenceLedger a = new SequenceLedger();
    SequenceLedger b = new SequenceLedger();
    for (long s = 101; s <= 300; s++) {
      int minute = s <= 200 ? 0 : 1;
      a.accept(s, 1, minute);
      if (s % 50 != 0) {
        b.accept(s, 1, minute);
      }
    }
    Loss loss = LossAccount.of("test", 120, info(100, 0, 0L), info(300, 2, 5L), List.of(a, b), 2);
    assertEquals(200, loss.iePublished());
    assertEquals(2, loss.ieSuperseded());
    assertEquals(5L, loss.ieDiscarded());
    // b never saw 300, the last number: without finish() it accounts for 101 to 299 only.
    assertEquals(200 + 199, loss.published());
    assertEquals(200 + 196, loss.delivered());
    assertEquals(3, loss.lost(), "150, 200 and 250");
    assertEquals(1, loss.minutesCounted());
    assertEquals(99.0, loss.deliveredPerMinuteMean(), 1e-9); // 100 and 98 in minute 1
    // 0 and 2: b's gap at 200 showed when 201 came, in minute 1
    assertEquals(1.0, loss.lostPerMinuteMean(), 1e-9);
    assertNull(loss.note());
    assertEquals(2, loss.perSubscriber().size());
    assertEquals(200, loss.perSubscriber().get(0).published());
    assertEquals(
        LossAccount.TOO_SHORT,
        LossAccount.of("short", 30, info(100, 0, null), info(300, 0, null), List.of(a), 0).note());
  }

  private static SubscriptionInfo info(long published, long superseded, Long discarded) {
    SubscriptionInfo i = new SubscriptionInfo();
    i.setPublished(published);
    i.setSuperseded(superseded);
    i.setDiscarded(discarded);
    return i;
  }
}
