package org.instrumentelement.ie.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jhdf.HdfFile;
import io.jhdf.api.Dataset;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.instrumentelement.ial.trace.ScaledCodes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Vectors the instrument gave as codes: archived as their codes, read back as their doubles. */
class HistoryCodesTest {
  private static final SeriesId WAVE = new SeriesId("lab/scope", "waveform");
  private static final long T0 = 1_780_000_000_000_000L;
  private static final int POINTS = 2500;

  private final AtomicLong now = new AtomicLong(T0);

  private HistoryArchive open(Path dir) throws IOException {
    return HistoryArchive.open(
        dir, HistorySettings.defaults(), now::get, null, false); // segments of 30 minutes
  }

  /**
   * Trace {@code i}: a ramp of codes with the NaN code and both clip codes in it, scaled by {@code
   * scale} (changing within the segment when the caller says so).
   */
  private static ScaledCodes trace(ScaledCodes.Width width, int i, double scale, double offset) {
    int top = width == ScaledCodes.Width.INT8 ? 127 : 32_767;
    short[] c = new short[POINTS];
    for (int k = 0; k < POINTS; k++) {
      c[k] = (short) (((k * 37 + i * 11) % (2 * top)) - top);
    }
    c[3] = (short) (-top - 1); // the NaN code
    c[4] = (short) -top; // clipped low
    c[5] = (short) top; // clipped high
    ScaledCodes codes;
    if (width == ScaledCodes.Width.INT8) {
      byte[] b = new byte[POINTS];
      for (int k = 0; k < POINTS; k++) {
        b[k] = (byte) c[k];
      }
      codes = ScaledCodes.of(width, b, scale, offset);
    } else {
      codes = ScaledCodes.ofInt16(c, scale, offset);
    }
    return codes.withSpecialCodes(-top - 1, -top, top);
  }

  /** 100 traces 0.1 s apart; the scale changes at trace 50 (a new volts/div). */
  private List<ScaledCodes> archive(HistoryArchive a, ScaledCodes.Width width) {
    List<ScaledCodes> sent = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      now.set(T0 + i * 100_000L);
      ScaledCodes c = trace(width, i, i < 50 ? 1.0 / 3 : 0.1 / 3, -0.7);
      sent.add(c);
      a.append(WAVE, Sample.codes(now.get(), i + 1, 0, 3, c));
      if (i % 10 == 9) {
        a.tick();
      }
    }
    return sent;
  }

  private static void assertBitIdentical(double[] expected, double[] got) {
    assertEquals(expected.length, got.length);
    for (int k = 0; k < expected.length; k++) {
      if (Double.doubleToRawLongBits(expected[k]) != Double.doubleToRawLongBits(got[k])) {
        throw new AssertionError("point " + k + ": " + expected[k] + " != " + got[k]);
      }
    }
  }

  /** What a reader of the codes computes: code * scale + offset, NaN for the NaN code. */
  private static double[] doubles(ScaledCodes c) {
    double[] d = new double[c.length()];
    for (int k = 0; k < d.length; k++) {
      int code = c.code(k);
      d[k] =
          c.nanCode() != null && code == c.nanCode() ? Double.NaN : code * c.scale() + c.offset();
    }
    return d;
  }

  private void checkReadBack(HistoryArchive a, List<ScaledCodes> sent) throws IOException {
    for (int i = 0; i < sent.size(); i++) {
      Sample s = a.at(WAVE, T0 + i * 100_000L).orElseThrow();
      assertEquals(i + 1, s.sequence());
      assertEquals(sent.get(i), s.codes(), "trace " + i + ": the codes as sent");
      assertBitIdentical(doubles(sent.get(i)), s.vector());
    }
    assertTrue(Double.isNaN(a.at(WAVE, T0).orElseThrow().vector()[3]), "the NaN code gives NaN");
    RawPage p = a.raw(WAVE, T0, now.get(), 1000);
    assertEquals(sent.size(), p.size());
    for (int i = 0; i < p.size(); i++) {
      assertBitIdentical(doubles(sent.get(i)), p.vectors()[i]);
    }
  }

  @Test
  void wordCodesComeBackAsSentAndAsTheirDoublesBitForBit(@TempDir Path dir) throws Exception {
    List<ScaledCodes> sent;
    try (HistoryArchive a = open(dir)) {
      sent = archive(a, ScaledCodes.Width.INT16);
      checkReadBack(a, sent); // from memory
    }
    try (HistoryArchive a = open(dir)) {
      checkReadBack(a, sent); // from the segment written at the stop
    }
    Path segment = onlySegment(dir);
    try (HdfFile h = new HdfFile(segment)) {
      assertEquals(SegmentCodec.FORMAT_CODES, h.getAttribute("format").getData());
      Dataset v = h.getDatasetByPath("value");
      assertEquals(short.class, v.getJavaType());
      assertNull(v.getAttribute("scale_factor"), "the scale changed: one per row");
      double[] scale = (double[]) h.getDatasetByPath("scale").getData();
      assertEquals(1.0 / 3, scale[49]);
      assertEquals(0.1 / 3, scale[50]);
      assertEquals((short) -32_768, v.getAttribute("_FillValue").getData());
      assertEquals((short) 32_767, v.getAttribute("clipHighCode").getData());
    }
  }

  @Test
  void byteCodesOfOneScaleCarryCfScaling(@TempDir Path dir) throws Exception {
    List<ScaledCodes> sent = new ArrayList<>();
    try (HistoryArchive a = open(dir)) {
      for (int i = 0; i < 20; i++) {
        now.set(T0 + i * 100_000L);
        ScaledCodes c = trace(ScaledCodes.Width.INT8, i, 0.02, 1.5);
        sent.add(c);
        a.append(WAVE, Sample.codes(now.get(), i + 1, 0, 3, c));
      }
    }
    try (HistoryArchive a = open(dir)) {
      for (int i = 0; i < sent.size(); i++) {
        assertBitIdentical(doubles(sent.get(i)), a.at(WAVE, T0 + i * 100_000L).get().vector());
      }
    }
    try (HdfFile h = new HdfFile(onlySegment(dir))) {
      Dataset v = h.getDatasetByPath("value");
      assertEquals(byte.class, v.getJavaType());
      assertEquals(0.02, v.getAttribute("scale_factor").getData());
      assertEquals(1.5, v.getAttribute("add_offset").getData());
      assertEquals((byte) -128, v.getAttribute("_FillValue").getData());
    }
  }

  @Test
  void aKilledArchiveReplaysCodesFromItsJournal(@TempDir Path dir) throws Exception {
    HistoryArchive killed = open(dir);
    List<ScaledCodes> sent = archive(killed, ScaledCodes.Width.INT16); // flushed every 10
    // No close: as after SIGKILL.
    try (HistoryArchive a = open(dir)) {
      for (int i = 0; i < sent.size(); i++) {
        Sample s = a.at(WAVE, T0 + i * 100_000L).orElseThrow();
        assertEquals(sent.get(i), s.codes());
      }
    }
  }

  @Test
  void doublesAndCodesGoToSegmentsOfTheirOwnAndBothRead(@TempDir Path dir) throws Exception {
    double[] plain = new double[POINTS];
    plain[7] = 1.25;
    ScaledCodes c = trace(ScaledCodes.Width.INT16, 0, 0.5, 0);
    try (HistoryArchive a = open(dir)) {
      a.append(WAVE, Sample.vector(T0, 1, 0, 3, plain));
      a.append(WAVE, Sample.codes(T0 + 1, 2, 0, 3, c));
      a.append(WAVE, Sample.vector(T0 + 2, 3, 0, 3, plain));
    }
    try (HistoryArchive a = open(dir)) {
      Sample first = a.at(WAVE, T0).orElseThrow();
      assertNull(first.codes());
      assertEquals(1.25, first.vector()[7]);
      assertEquals(c, a.at(WAVE, T0 + 1).orElseThrow().codes());
      assertNull(a.at(WAVE, T0 + 2).orElseThrow().codes());
    }
    List<String> formats = new ArrayList<>();
    for (Path f : segments(dir)) {
      try (HdfFile h = new HdfFile(f)) {
        formats.add((String) h.getAttribute("format").getData());
      }
    }
    formats.sort(null);
    assertEquals(List.of("ie-history-1", "ie-history-1", "ie-history-2"), formats);
  }

  @Test
  void codesTakeAQuarterOrAnEighthOfTheBytesOfDoubles(@TempDir Path dir) throws Exception {
    long[] bytes = new long[3];
    int k = 0;
    for (ScaledCodes.Width width :
        new ScaledCodes.Width[] {null, ScaledCodes.Width.INT16, ScaledCodes.Width.INT8}) {
      Path d = dir.resolve("a" + k);
      try (HistoryArchive a = open(d)) {
        for (int i = 0; i < 100; i++) {
          ScaledCodes c = trace(width == null ? ScaledCodes.Width.INT16 : width, i, 0.01, 0);
          a.append(
              WAVE,
              width == null
                  ? Sample.vector(T0 + i, i + 1, 0, 3, c.toDoubles())
                  : Sample.codes(T0 + i, i + 1, 0, 3, c));
        }
      }
      bytes[k++] = Files.size(onlySegment(d));
    }
    assertTrue(bytes[1] < 0.27 * bytes[0], "WORD " + bytes[1] + " of doubles' " + bytes[0]);
    assertTrue(bytes[2] < 0.14 * bytes[0], "BYTE " + bytes[2] + " of doubles' " + bytes[0]);
  }

  private static List<Path> segments(Path dir) throws IOException {
    try (Stream<Path> files = Files.walk(dir.resolve("series"))) {
      return files.filter(f -> f.toString().endsWith(".h5")).toList();
    }
  }

  private static Path onlySegment(Path dir) throws IOException {
    List<Path> s = segments(dir);
    assertEquals(1, s.size(), "segments: " + s);
    assertNotNull(s.get(0));
    return s.get(0);
  }
}
