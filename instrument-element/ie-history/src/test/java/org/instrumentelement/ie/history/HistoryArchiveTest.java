package org.instrumentelement.ie.history;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistoryArchiveTest {
  private static final SeriesId P2P = new SeriesId("lab/scope", "peakToPeak");
  private static final SeriesId WAVE = new SeriesId("lab/scope", "waveform");
  private static final long T0 = 1_780_000_000_000_000L; // microseconds since the epoch

  private final AtomicLong now = new AtomicLong(T0);

  private static HistorySettings settings(Duration segment, long maxBytes) {
    HistorySettings d = HistorySettings.defaults();
    return new HistorySettings(
        d.flushInterval(), segment, d.segmentBytes(), d.maxAge(), maxBytes, 1000, 1L << 20);
  }

  private HistoryArchive open(Path dir, Duration segment) throws IOException {
    return HistoryArchive.open(dir, settings(segment, 1L << 40), now::get, null, false);
  }

  /** Samples every 50 ms from T0: value i % 97 (a sawtooth), sequence i + 1. */
  private void append(HistoryArchive a, int from, int to) {
    for (int i = from; i < to; i++) {
      now.set(T0 + i * 50_000L);
      a.append(P2P, Sample.scalar(now.get(), i + 1, i % 500 == 0 ? 2 : 0, 7, i % 97));
      if (i % 100 == 99) {
        a.tick();
      }
    }
  }

  private static List<Sample> all(HistoryArchive a, SeriesId s, long from, long to, int limit)
      throws IOException {
    List<Sample> out = new ArrayList<>();
    RawPage p = a.raw(s, from, to, limit);
    out.addAll(p.samples());
    while (p.continuation() != null) {
      p = a.resume(p.continuation(), s, limit);
      out.addAll(p.samples());
    }
    return out;
  }

  private static void waitForSegments(HistoryArchive a) throws Exception {
    for (int i = 0; i < 200 && a.bytes() == 0; i++) {
      Thread.sleep(10);
    }
  }

  @Test
  void rawPagesResumeExactlyAcrossSegmentsWrittenMeanwhile(@TempDir Path dir) throws Exception {
    try (HistoryArchive a = open(dir, Duration.ofSeconds(10))) {
      append(a, 0, 2000); // 100 s: segments of 10 s, the last one still open
      waitForSegments(a);
      List<Sample> got = new ArrayList<>();
      RawPage p = a.raw(P2P, T0, T0 + 200_000_000L, 333);
      got.addAll(p.samples());
      append(a, 2000, 3000); // more samples, more segments written between two pages
      while (p.continuation() != null) {
        p = a.resume(p.continuation(), P2P, 333);
        got.addAll(p.samples());
      }
      assertEquals(3000, got.size());
      for (int i = 0; i < got.size(); i++) {
        assertEquals(i + 1, got.get(i).sequence(), "in order, none missing, none twice");
        assertEquals(i % 97, got.get(i).value());
      }
      assertTrue(a.bytes() > 0, "segments were written");
    }
  }

  @Test
  void bucketsAgreeWithTheRawSamples(@TempDir Path dir) throws Exception {
    try (HistoryArchive a = open(dir, Duration.ofSeconds(10))) {
      append(a, 0, 5000);
      waitForSegments(a);
      List<Sample> raw = all(a, P2P, T0, T0 + 249_999_999L, 1000);
      // 1 and 7 buckets take most rows by their blocks' summaries, 123 and 4999 row by row.
      for (int buckets : new int[] {1, 7, 123, 4999}) {
        checkBuckets(a.processed(P2P, T0, T0 + 249_999_999L, buckets), buckets, raw);
      }
    }
  }

  private static void checkBuckets(Processed p, int buckets, List<Sample> raw) {
    assertEquals(buckets, p.buckets().size());
    long counted = 0;
    for (Bucket b : p.buckets()) {
      double min = Double.POSITIVE_INFINITY;
      double max = Double.NEGATIVE_INFINITY;
      double sum = 0;
      int n = 0;
      int worst = -1;
      Sample first = null;
      Sample last = null;
      for (Sample s : raw) {
        if (s.timeMicros() >= b.fromMicros() && s.timeMicros() <= b.toMicros()) {
          min = Math.min(min, s.value());
          max = Math.max(max, s.value());
          sum += s.value();
          n++;
          worst = Math.max(worst, s.quality());
          first = first == null ? s : first;
          last = s;
        }
      }
      String where = buckets + " buckets, bucket " + b;
      assertEquals(n, b.count(), where);
      if (n == 0) {
        continue;
      }
      assertEquals(min, b.min(), where);
      assertEquals(max, b.max(), where);
      assertEquals(sum / n, b.mean(), 1e-12, where);
      assertEquals(first.value(), b.first(), where);
      assertEquals(last.value(), b.last(), where);
      assertEquals(worst, b.worstQuality(), where);
      counted += n;
    }
    assertEquals(5000, counted, buckets + " buckets: every sample in exactly one bucket");
  }

  @Test
  void aKillLosesOnlyWhatWasNotFlushed(@TempDir Path dir) throws Exception {
    HistoryArchive killed = open(dir, Duration.ofMinutes(30));
    append(killed, 0, 1000); // ticks every 100 samples: the last tick after sample 1000
    for (int i = 1000; i < 1050; i++) {
      killed.append(P2P, Sample.scalar(T0 + i * 50_000L, i + 1, 0, 7, i % 97)); // never flushed
    }
    // No close: as after SIGKILL. A new archive opens the same directory a minute later.
    now.set(T0 + 120_000_000L);
    try (HistoryArchive a = open(dir, Duration.ofMinutes(30))) {
      List<Sample> got = all(a, P2P, T0, now.get(), 1000);
      assertEquals(1000, got.size(), "everything flushed came back, nothing after");
      assertEquals(1000, got.get(999).sequence());
      RawPage p = a.raw(P2P, T0, now.get(), 10);
      Gap down = p.gaps().get(p.gaps().size() - 1);
      assertEquals(Gap.Reason.IE_DOWN, down.reason());
      assertEquals(now.get(), down.toMicros());
      assertTrue(down.fromMicros() >= T0 + 999 * 50_000L, "from the last flush: " + down);
    }
  }

  @Test
  void aCleanStopKeepsEverythingAndTheNextStartSaysWhenItWasAway(@TempDir Path dir)
      throws Exception {
    try (HistoryArchive a = open(dir, Duration.ofMinutes(30))) {
      append(a, 0, 777);
    }
    long stoppedAt = now.get();
    try (var journal = Files.list(dir.resolve("journal"))) {
      assertTrue(journal.findAny().isEmpty(), "everything in segments: no journal to replay");
    }
    now.addAndGet(3_600_000_000L);
    try (HistoryArchive a = open(dir, Duration.ofMinutes(30))) {
      assertEquals(777, all(a, P2P, T0, now.get(), 1000).size());
      Gap g = a.raw(P2P, T0, now.get(), 1).gaps().get(0);
      assertEquals(new Gap(stoppedAt, now.get(), Gap.Reason.IE_DOWN), g);
    }
  }

  @Test
  void aJournalCutInTheMiddleOfARecordIsReadToItsLastWholeRecord(@TempDir Path dir)
      throws Exception {
    HistoryArchive killed = open(dir, Duration.ofMinutes(30));
    append(killed, 0, 300);
    Path journal;
    try (var files = Files.list(dir.resolve("journal"))) {
      journal = files.sorted().reduce((x, y) -> y).orElseThrow();
    }
    try (FileChannel ch = FileChannel.open(journal, StandardOpenOption.WRITE)) {
      ch.truncate(ch.size() - 20); // the middle of the last records
    }
    try (HistoryArchive a = open(dir, Duration.ofMinutes(30))) {
      List<Sample> got = all(a, P2P, T0, now.get(), 1000);
      assertTrue(got.size() >= 298 && got.size() <= 300, "read up to the cut: " + got.size());
      for (int i = 0; i < got.size(); i++) {
        assertEquals(i + 1, got.get(i).sequence());
      }
    }
  }

  @Test
  void vectorsComeBackWholeAtOrBeforeATime(@TempDir Path dir) throws Exception {
    try (HistoryArchive a = open(dir, Duration.ofSeconds(1))) {
      for (int i = 0; i < 100; i++) {
        now.set(T0 + i * 100_000L);
        double[] v = new double[2500];
        v[0] = i;
        v[2499] = -i;
        a.append(WAVE, Sample.vector(now.get(), i + 1, 0, 3, v));
        if (i % 10 == 9) {
          a.tick();
        }
      }
      waitForSegments(a);
      Sample s = a.at(WAVE, T0 + 4_250_000L).orElseThrow();
      assertEquals(43, s.sequence(), "the one at 4.2 s, the last at or before 4.25 s");
      assertEquals(42, s.vector()[0]);
      assertEquals(-42, s.vector()[2499]);
      assertTrue(a.at(WAVE, T0 - 1).isEmpty());
      assertEquals(100, all(a, WAVE, T0, now.get(), 7).size());
      assertThrows(IllegalArgumentException.class, () -> a.processed(WAVE, T0, now.get(), 10));
    }
  }

  @Test
  void aDamagedSegmentIsSetAsideAndReportedAsAGap(@TempDir Path dir) throws Exception {
    try (HistoryArchive a = open(dir, Duration.ofSeconds(10))) {
      append(a, 0, 1000);
      waitForSegments(a);
    }
    Path seriesDir;
    try (var dirs = Files.list(dir.resolve("series"))) {
      seriesDir = dirs.findFirst().orElseThrow();
    }
    Path segment;
    try (var files = Files.list(seriesDir)) {
      segment = files.filter(f -> f.toString().endsWith(".h5")).sorted().findFirst().orElseThrow();
    }
    Files.write(segment, new byte[] {1, 2, 3}); // truncated to nonsense
    try (HistoryArchive a = open(dir, Duration.ofSeconds(10))) {
      List<Sample> left = all(a, P2P, T0, now.get(), 1000);
      Gap lost =
          a.raw(P2P, T0, now.get(), 1).gaps().stream()
              .filter(g -> g.reason() == Gap.Reason.DATA_LOST)
              .findFirst()
              .orElseThrow();
      assertEquals(T0, lost.fromMicros(), "the first segment's samples");
      for (Sample s : left) {
        assertTrue(s.timeMicros() > lost.toMicros(), "none inside the gap");
      }
      assertEquals(1000 - (lost.toMicros() - T0) / 50_000 - 1, left.size(), "all the others");
      assertTrue(Files.exists(segment.resolveSibling(segment.getFileName() + ".bad")));
    }
  }

  @Test
  void retentionRemovesTheOldestFirst(@TempDir Path dir) throws Exception {
    try (HistoryArchive a =
        HistoryArchive.open(
            dir, settings(Duration.ofSeconds(10), 1L << 40), now::get, null, false)) {
      append(a, 0, 2000);
      waitForSegments(a);
      long before = a.bytes();
      long cutoff = T0 + 55_000_000L;
      a.retain(cutoff + 30L * 24 * 3600 * 1_000_000); // 30 days after 55 s
      assertTrue(a.bytes() < before, "segments older than the maximum age went");
      List<Sample> left = all(a, P2P, T0, now.get(), 1000);
      assertTrue(left.get(0).timeMicros() > T0, "the oldest went first");
      assertEquals(
          left.size(),
          left.get(left.size() - 1).sequence() - left.get(0).sequence() + 1,
          "only whole segments from the start");
      assertTrue(left.get(0).timeMicros() <= cutoff, "a segment reaching past the cut stays");
    }
  }

  @Test
  void samplesOutOfOrderAreDroppedAndTokensAreChecked(@TempDir Path dir) throws Exception {
    try (HistoryArchive a = open(dir, Duration.ofMinutes(30))) {
      a.append(P2P, Sample.scalar(T0 + 10, 5, 0, 0, 1));
      a.append(P2P, Sample.scalar(T0 + 5, 6, 0, 0, 2)); // older
      a.append(P2P, Sample.scalar(T0 + 10, 5, 0, 0, 3)); // the same again
      assertEquals(1, all(a, P2P, T0, T0 + 100, 10).size());
      assertEquals(2, a.droppedCount());
      assertThrows(IllegalArgumentException.class, () -> a.resume("not-a-token", P2P, 10));
      a.append(P2P, Sample.scalar(T0 + 20, 7, 0, 0, 4));
      String token = a.raw(P2P, T0, T0 + 100, 1).continuation();
      assertThrows(
          IllegalArgumentException.class,
          () -> a.resume(token, new SeriesId("lab/other", "x"), 10),
          "a token for another series");
      assertNull(a.resume(token, P2P, 10).continuation());
      assertArrayEquals(
          new long[] {7},
          a.resume(token, P2P, 10).samples().stream().mapToLong(Sample::sequence).toArray());
    }
  }
}
