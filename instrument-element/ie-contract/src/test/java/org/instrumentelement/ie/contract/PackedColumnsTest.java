package org.instrumentelement.ie.contract;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PackedColumnsTest {
  private static final long T0 = 1_795_000_000_000_000L; // 2026-11, µs

  @Test
  void regularTimesTakeOneByteASample() {
    long[] t = new long[1000];
    for (int i = 0; i < t.length; i++) {
      t[i] = T0 + 100_000L * i;
    }
    byte[] packed = PackedColumns.packTimes(t, t.length);
    // 8 bytes of the first time, the first delta (2 * 100,000: 3 bytes), then zeros.
    assertEquals(8 + 3 + 998, packed.length);
    assertArrayEquals(t, PackedColumns.unpackTimes(packed, t.length));
  }

  @Test
  void timesAreLittleEndianThenZigzagVarints() {
    // deltas 10, 7, 7: delta of delta 10, -3, 0; zigzag 20, 5, 0.
    long[] t = {1, 11, 18, 25};
    byte[] expected = {1, 0, 0, 0, 0, 0, 0, 0, 20, 5, 0};
    assertArrayEquals(expected, PackedColumns.packTimes(t, 4));
    // 64 (zigzag 128) takes two bytes: 0x80 0x01.
    assertArrayEquals(
        new byte[] {0, 0, 0, 0, 0, 0, 0, 0, (byte) 0x80, 1},
        PackedColumns.packTimes(new long[] {0, 64}, 2));
    assertArrayEquals(
        new long[] {0, 64},
        PackedColumns.unpackTimes(new byte[] {0, 0, 0, 0, 0, 0, 0, 0, (byte) 0x80, 1}, 2));
  }

  @Test
  void runsAreLittleEndianWithTheirLengths() {
    long[] seq = {5, 6, 7, 9};
    byte[] runs = PackedColumns.packSequenceRuns(seq, 4);
    assertArrayEquals(
        new byte[] {5, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 9, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0}, runs);
    assertArrayEquals(
        new byte[] {0, 2, 0, 0, 0, 4, 1, 0, 0, 0},
        PackedColumns.packQualityRuns(new byte[] {0, 0, 4, 0}, 3));
    assertArrayEquals(
        new byte[] {7, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0},
        PackedColumns.packProvenanceRuns(new long[] {7, 7, 8}, 2));
  }

  @Test
  void everyKindOfSeriesRoundTrips() {
    SplittableRandom random = new SplittableRandom(41);
    for (int n : new int[] {0, 1, 2, 3, 17, 10_000}) {
      roundTrip(random(n, random), n);
      roundTrip(regular(n, 0), n);
      roundTrip(regular(n, 30), n); // jitter of up to 30 µs
      roundTrip(gapped(n, random), n);
      roundTrip(decreasing(n), n);
    }
    long[] extremes = {Long.MIN_VALUE, Long.MAX_VALUE, 0, Long.MAX_VALUE, Long.MIN_VALUE, -1};
    roundTrip(extremes, extremes.length);
  }

  @Test
  void onlyTheFirstNOfTheArraysArePacked() {
    long[] t = {1, 2, 3, 99};
    assertArrayEquals(
        new long[] {1, 2, 3}, PackedColumns.unpackTimes(PackedColumns.packTimes(t, 3), 3));
    assertArrayEquals(
        new long[] {1, 2},
        PackedColumns.unpackSequenceRuns(PackedColumns.packSequenceRuns(t, 2), 2));
    assertThrows(IllegalArgumentException.class, () -> PackedColumns.packTimes(t, 5));
  }

  @Test
  void malformedTimesAreRefused() {
    byte[] good = PackedColumns.packTimes(new long[] {1, 300, 600}, 3);
    refused(() -> PackedColumns.unpackTimes(Arrays.copyOf(good, good.length - 1), 3));
    refused(() -> PackedColumns.unpackTimes(good, 4));
    refused(() -> PackedColumns.unpackTimes(good, 2)); // a byte left over
    refused(() -> PackedColumns.unpackTimes(new byte[7], 1));
    refused(() -> PackedColumns.unpackTimes(new byte[3], 0));
    refused(() -> PackedColumns.unpackTimes(good, -1));
    // A varint still going on at the end: truncated.
    refused(() -> PackedColumns.unpackTimes(new byte[] {0, 0, 0, 0, 0, 0, 0, 0, (byte) 0x80}, 2));
    // Eleven bytes of varint: over 64 bits.
    byte[] over = new byte[8 + 11];
    Arrays.fill(over, 8, over.length - 1, (byte) 0x80);
    over[over.length - 1] = 1;
    refused(() -> PackedColumns.unpackTimes(over, 2));
    // Ten bytes whose last has more than the 64th bit.
    byte[] wide = new byte[8 + 10];
    Arrays.fill(wide, 8, wide.length - 1, (byte) 0xFF);
    wide[wide.length - 1] = 2;
    refused(() -> PackedColumns.unpackTimes(wide, 2));
    wide[wide.length - 1] = 1; // all 64 bits set: the zigzag of Long.MIN_VALUE
    assertEquals(2, PackedColumns.unpackTimes(wide, 2).length);
  }

  @Test
  void malformedRunsAreRefused() {
    byte[] seq = PackedColumns.packSequenceRuns(new long[] {1, 2, 3, 7}, 4);
    refused(() -> PackedColumns.unpackSequenceRuns(seq, 3)); // more than the count
    refused(() -> PackedColumns.unpackSequenceRuns(seq, 5)); // fewer
    refused(() -> PackedColumns.unpackSequenceRuns(Arrays.copyOf(seq, 13), 4)); // not whole runs
    refused(() -> PackedColumns.unpackProvenanceRuns(seq, 3));
    // A length of 2^32 - 1 with a count of 10: never filled, never allocated.
    byte[] huge = {1, 0, 0, 0, 0, 0, 0, 0, -1, -1, -1, -1};
    refused(() -> PackedColumns.unpackSequenceRuns(huge, 10));
    refused(() -> PackedColumns.unpackProvenanceRuns(huge, 10));
    refused(() -> PackedColumns.unpackQualityRuns(new byte[] {0, -1, -1, -1, -1}, 10));
    // A run of no samples.
    refused(() -> PackedColumns.unpackQualityRuns(new byte[] {0, 0, 0, 0, 0}, 0));
    refused(() -> PackedColumns.unpackQualityRuns(new byte[] {0, 1, 0, 0, 0, 0}, 1));
    refused(() -> PackedColumns.unpackQualityRuns(new byte[] {}, 1));
    // Sequence numbers past Long.MAX_VALUE.
    byte[] overflow =
        PackedColumns.packProvenanceRuns(
            new long[] {Long.MAX_VALUE - 1, Long.MAX_VALUE - 1, Long.MAX_VALUE - 1}, 3);
    refused(() -> PackedColumns.unpackSequenceRuns(overflow, 3));
    // Up to Long.MAX_VALUE itself is fine.
    assertArrayEquals(
        new long[] {Long.MAX_VALUE - 1, Long.MAX_VALUE},
        PackedColumns.unpackSequenceRuns(withLength(overflow, 2), 2));
  }

  private static byte[] withLength(byte[] run, int length) {
    byte[] b = Arrays.copyOf(run, 12);
    b[8] = (byte) length;
    return b;
  }

  private static void refused(Runnable r) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, r::run);
    assertTrue(e.getMessage() != null && !e.getMessage().isEmpty());
  }

  private static void roundTrip(long[] t, int n) {
    assertArrayEquals(t, PackedColumns.unpackTimes(PackedColumns.packTimes(t, n), n));
    long[] seq = new long[n];
    byte[] q = new byte[n];
    long[] prov = new long[n];
    for (int i = 0; i < n; i++) {
      seq[i] = i % 1000 == 999 ? seq[i - 1] + 5 : (i == 0 ? 40 : seq[i - 1] + 1); // a missed one
      q[i] = (byte) (t[i] % 7 == 0 ? 2 : 0);
      prov[i] = i < n / 2 ? 3 : t[i] & 1;
    }
    assertArrayEquals(
        seq, PackedColumns.unpackSequenceRuns(PackedColumns.packSequenceRuns(seq, n), n));
    assertArrayEquals(q, PackedColumns.unpackQualityRuns(PackedColumns.packQualityRuns(q, n), n));
    assertArrayEquals(
        prov, PackedColumns.unpackProvenanceRuns(PackedColumns.packProvenanceRuns(prov, n), n));
    assertArrayEquals(t, PackedColumns.unpackSequenceRuns(PackedColumns.packSequenceRuns(t, n), n));
  }

  private static long[] random(int n, SplittableRandom random) {
    long[] t = new long[n];
    for (int i = 0; i < n; i++) {
      t[i] = random.nextLong();
    }
    return t;
  }

  private static long[] regular(int n, int jitter) {
    SplittableRandom random = new SplittableRandom(n);
    long[] t = new long[n];
    for (int i = 0; i < n; i++) {
      t[i] = T0 + 50_000L * i + (jitter == 0 ? 0 : random.nextInt(jitter));
    }
    return t;
  }

  private static long[] gapped(int n, SplittableRandom random) {
    long[] t = new long[n];
    long now = T0;
    for (int i = 0; i < n; i++) {
      now += random.nextInt(50) == 0 ? 3_600_000_000L : 100_000L;
      t[i] = now;
    }
    return t;
  }

  private static long[] decreasing(int n) {
    long[] t = new long[n];
    for (int i = 0; i < n; i++) {
      t[i] = T0 - 1_000L * i * i;
    }
    return t;
  }
}
