package org.instrumentelement.ie.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.instrumentelement.ie.soap.HistoryAnswer;
import org.instrumentelement.ie.soap.types.GetHistoryResponse;
import org.instrumentelement.ie.soap.types.HistoryBucket;
import org.instrumentelement.ie.soap.types.HistoryGap;
import org.instrumentelement.ie.soap.types.HistoryInfo;
import org.instrumentelement.ie.soap.types.HistorySample;
import org.instrumentelement.ie.soap.types.ValueType;
import org.junit.jupiter.api.Test;

/**
 * The hand-written raw history answer is byte for byte what JAXB writes with the service's
 * settings.
 */
class HistoryAnswerTest {
  private static final Instant FROM = Instant.parse("2026-11-27T11:00:00Z");
  private static final Instant TO = Instant.parse("2026-11-28T11:00:00.123456Z");

  @Test
  void binaryColumnsAreWrittenAsJaxbWritesThem() throws Exception {
    SplittableRandom random = new SplittableRandom(40);
    // 1, 2, 3 samples end the qualities' base64 with two, one and no padding; 100,000 samples give
    // columns whose text goes out in many pieces.
    for (int n : new int[] {0, 1, 2, 3, 7, 8192, 100_000}) {
      HistoryInfo h = info(n, random);
      assertSame(h);
      h.values = null; // a vector series lists times only
      h.units = null;
      assertSame(h);
    }
  }

  @Test
  void packedColumnsAreWrittenAsJaxbWritesThem() throws Exception {
    SplittableRandom random = new SplittableRandom(42);
    for (int n : new int[] {0, 1, 2, 3, 7, 8192, 100_000}) {
      HistoryInfo h = packed(info(n, random), random);
      assertTrue(HistoryAnswer.handles(answer(h)));
      assertSame(h);
      h.values = null; // a vector series
      assertSame(h);
      h.gap = new ArrayList<>();
      h.gap.add(gap(FROM, FROM.plusSeconds(3), "IE_DOWN"));
      h.continuation = "aDF8bGFi";
      assertSame(h);
    }
  }

  /** {@code h} with packed columns (of bytes as long as real ones) in place of the plain ones. */
  private static HistoryInfo packed(HistoryInfo h, SplittableRandom random) {
    int n = h.count;
    h.times = null;
    h.sequences = null;
    h.qualities = null;
    h.provenances = null;
    h.packedTimes = bytes(n == 0 ? 0 : 8 + n - 1 + random.nextInt(3), random);
    h.sequenceRuns = bytes(12 * Math.min(n, 1 + random.nextInt(3)), random);
    h.qualityRuns = bytes(5 * Math.min(n, 1 + random.nextInt(4)), random);
    h.provenanceRuns = bytes(12 * Math.min(n, 1 + random.nextInt(2)), random);
    return h;
  }

  @Test
  void gapsAndContinuationAreWrittenAsJaxbWritesThem() throws Exception {
    HistoryInfo h = info(5, new SplittableRandom(1));
    h.units = "\"V\" & <mV>";
    h.gap = new ArrayList<>();
    h.gap.add(gap(FROM, FROM.plusSeconds(3), "IE_DOWN"));
    h.gap.add(gap(FROM.plusSeconds(9), null, "NOT_LINKED"));
    h.continuation = "aDF8bGFi&<>\r\n\"x\"";
    assertSame(h);
  }

  @Test
  void onlyRawBinaryAnswersAreWrittenHere() {
    HistoryInfo binary = info(3, new SplittableRandom(2));
    assertTrue(HistoryAnswer.handles(answer(binary)));
    HistoryInfo xml = new HistoryInfo();
    xml.sample = List.of(new HistorySample());
    assertFalse(HistoryAnswer.handles(answer(xml)));
    HistoryInfo trend = new HistoryInfo();
    trend.bucket = List.of(new HistoryBucket());
    assertFalse(HistoryAnswer.handles(answer(trend)));
    assertFalse(HistoryAnswer.handles(new GetHistoryResponse()));
    assertFalse(HistoryAnswer.handles("history"));
    assertThrows(
        IllegalArgumentException.class,
        () -> HistoryAnswer.write(answer(trend), new ByteArrayOutputStream()));
  }

  private static HistoryInfo info(int n, SplittableRandom random) {
    HistoryInfo h = new HistoryInfo();
    h.from = FROM;
    h.to = TO;
    h.type = ValueType.DOUBLE;
    h.units = "V";
    h.count = n;
    h.times = bytes(8 * n, random);
    h.values = bytes(8 * n, random);
    h.sequences = bytes(8 * n, random);
    h.qualities = bytes(n, random);
    h.provenances = bytes(8 * n, random);
    return h;
  }

  private static byte[] bytes(int n, SplittableRandom random) {
    byte[] b = new byte[n];
    random.nextBytes(b);
    return b;
  }

  private static HistoryGap gap(Instant from, Instant to, String reason) {
    HistoryGap g = new HistoryGap();
    g.from = from;
    g.to = to;
    g.reason = reason;
    return g;
  }

  private static GetHistoryResponse answer(HistoryInfo h) {
    GetHistoryResponse r = new GetHistoryResponse();
    r.history = h;
    return r;
  }

  private static void assertSame(HistoryInfo h) throws Exception {
    GetHistoryResponse r = answer(h);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    HistoryAnswer.write(r, out);
    byte[] expected = jaxb(r);
    assertArrayEquals(
        expected,
        out.toByteArray(),
        () -> "JAXB: " + head(expected) + "\nhand: " + head(out.toByteArray()));
  }

  private static String head(byte[] b) {
    String s = new String(b, StandardCharsets.UTF_8);
    return s.length() > 400 ? s.substring(0, 200) + " ... " + s.substring(s.length() - 200) : s;
  }

  /** What JAXB writes for the answer with the settings CXF and the service give it. */
  private static byte[] jaxb(GetHistoryResponse r) throws Exception {
    return ServiceJaxb.write("getHistoryResponse", GetHistoryResponse.class, r);
  }
}
