package org.instrumentelement.ie.benchmark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.instrumentelement.ie.benchmark.SequenceLedger.Counts;
import org.junit.jupiter.api.Test;

class SequenceLedgerTest {
  private static final long EPOCH = 1_700_000_000_000L;

  private static SequenceLedger fed(long... sequences) {
    SequenceLedger ledger = new SequenceLedger();
    for (long s : sequences) {
      ledger.accept(s, EPOCH, 0);
    }
    return ledger;
  }

  @Test
  void anUnbrokenRunLosesNothingFromTheFirstNumberSeen() {
    // A subscriber joins late: the numbers before its first are not its loss.
    assertEquals(new Counts(4, 4, 0, 0, 0, 0), fed(17, 18, 19, 20).counts());
  }

  @Test
  void aGapIsLost() {
    assertEquals(new Counts(6, 3, 3, 0, 0, 0), fed(1, 2, 6).counts());
  }

  @Test
  void aLateNumberIsDeliveredNotLostAndADuplicateNotCountedTwice() {
    SequenceLedger ledger = fed(1, 2, 4, 3, 3, 2, 5);
    assertEquals(new Counts(5, 5, 0, 1, 2, 0), ledger.counts());
  }

  @Test
  void aRestartLosesTheNewRunsNumbersBeforeTheFirstSeenAndKeepsTheOldGaps() {
    SequenceLedger ledger = fed(1, 3);
    ledger.accept(3, EPOCH + 60_000, 0); // the IE restarted; 1 and 2 of its new run never came
    ledger.accept(4, EPOCH + 60_000, 0);
    ledger.accept(2, EPOCH, 0); // the old run's missing number, after the restart: too late
    assertEquals(new Counts(7, 4, 3, 0, 1, 1), ledger.counts());
  }

  @Test
  void theEndOfARunLosesWhatWasPublishedAfterTheLastNumberSeen() {
    SequenceLedger ledger = fed(10, 11);
    ledger.finish(9, 14, 0);
    assertEquals(new Counts(5, 2, 3, 0, 0, 0), ledger.counts());
    SequenceLedger silent = new SequenceLedger();
    silent.finish(9, 14, 0);
    assertEquals(new Counts(5, 0, 5, 0, 0, 0), silent.counts(), "it received nothing at all");
    SequenceLedger caughtUp = fed(10, 11);
    caughtUp.finish(9, 11, 0);
    assertEquals(new Counts(2, 2, 0, 0, 0, 0), caughtUp.counts());
  }

  @Test
  void eachMinuteCountsWhatArrivedInItAndALateNumberIsTakenOffTheMinuteOfItsGap() {
    SequenceLedger ledger = new SequenceLedger();
    ledger.accept(1, EPOCH, -1); // before the run's windows: counted, in no minute
    ledger.accept(2, EPOCH, 0);
    ledger.accept(5, EPOCH, 0); // 3 and 4 lost in minute 0
    ledger.accept(6, EPOCH, 1);
    ledger.accept(3, EPOCH, 2); // 3 was late: off minute 0's losses, delivered in minute 2
    ledger.accept(9, EPOCH, 2); // 7 and 8 lost in minute 2
    assertArrayEquals(new long[] {2, 1, 2, 0}, ledger.deliveredPerMinute(4));
    assertArrayEquals(new long[] {1, 0, 2, 0}, ledger.lostPerMinute(4));
    assertEquals(new Counts(9, 6, 3, 1, 0, 0), ledger.counts());
  }

  @Test
  void aHugeGapIsCountedWhileOnlyTheMostRecentMissingNumbersAreRemembered() {
    SequenceLedger ledger = fed(1, 10_000_002);
    assertEquals(new Counts(10_000_002, 2, 10_000_000, 0, 0, 0), ledger.counts());
    ledger.accept(10_000_001, EPOCH, 0); // recent: late
    ledger.accept(10_000_002 - SequenceLedger.MOST_MISSING - 1, EPOCH, 0); // forgotten
    assertEquals(new Counts(10_000_002, 3, 9_999_999, 1, 1, 0), ledger.counts());
  }
}
