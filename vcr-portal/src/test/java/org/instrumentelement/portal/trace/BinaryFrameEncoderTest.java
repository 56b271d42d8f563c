package org.instrumentelement.portal.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The binary frame read back by the layout docs/portal.md gives, as the page reads it. */
class BinaryFrameEncoderTest {
  private static final TraceFeed.Key KEY = new TraceFeed.Key("ie", "lab/scope", "waveform");

  /** A frame decoded field by field. */
  private record Decoded(
      int flags,
      double seq,
      double acquired,
      double x0,
      int length,
      Map<String, String> strings,
      float[] y,
      int[] index) {}

  @Test
  void aDecimatedVectorCarriesItsValuesAndSampleIndices() {
    double[] v = new double[2500];
    for (int i = 0; i < v.length; i++) {
      v[i] = Math.sin(i / 40.0) * 0.7 + (i == 1234 ? 5 : 0);
    }
    TraceSnapshot s = snapshot(v, 1_763_905_930_443_715L);
    TraceDecimator.Points p = TraceDecimator.decimate(v, 2000);
    Frame f = BinaryFrameEncoder.encode(s, p);
    assertFalse(f.isText());
    Decoded d = decode(f.bytes());
    assertEquals(BinaryFrameEncoder.DECIMATED, d.flags());
    assertEquals(42, d.seq());
    assertEquals(1_763_905_930_443.715, d.acquired(), 1e-6);
    assertEquals(-0.005, d.x0());
    assertEquals(2500, d.length());
    assertEquals("lab/scope", d.strings().get("im"));
    assertEquals("µs", d.strings().get("units"), "UTF-8 strings");
    assertEquals(p.values().length, d.y().length);
    for (int k = 0; k < d.y().length; k++) {
      assertEquals((float) p.values()[k], d.y()[k]);
      assertEquals(p.index()[k], d.index()[k]);
    }
    assertEquals(5f + (float) (Math.sin(1234 / 40.0) * 0.7), max(d.y()), 1e-6, "the spike");
    assertTrue(f.size() < 13_000, "about 6 bytes a point: " + f.size());
  }

  @Test
  void aShortVectorHasNoIndicesAndNaNIsFlagged() {
    double[] v = {1.5, Double.NaN, -2};
    TraceSnapshot s = snapshot(v, 0);
    Decoded d = decode(BinaryFrameEncoder.encode(s, TraceDecimator.decimate(v, 2000)).bytes());
    assertEquals(BinaryFrameEncoder.HAS_NAN, d.flags());
    assertEquals(3, d.y().length);
    assertTrue(Float.isNaN(d.y()[1]));
    assertEquals(-2f, d.y()[2]);
  }

  @Test
  void theSameSnapshotAsJsonShowsTheSameValues() throws Exception {
    double[] v = new double[5000];
    for (int i = 0; i < v.length; i++) {
      v[i] = Math.cos(i / 7.0) * 1e-3;
    }
    TraceSnapshot s = snapshot(v, 5);
    TraceDecimator.Points p = TraceDecimator.decimate(v, 1024);
    JsonNode json = new ObjectMapper().readTree(JsonFrameEncoder.encode(s, p).text());
    Decoded d = decode(BinaryFrameEncoder.encode(s, p).bytes());
    assertEquals(json.get("y").size(), d.y().length);
    for (int k = 0; k < d.y().length; k++) {
      assertEquals((float) json.get("y").get(k).asDouble(), d.y()[k]);
      assertEquals(json.get("i").get(k).asInt(), d.index()[k]);
    }
    assertEquals(json.get("seq").asDouble(), d.seq());
  }

  @Test
  void aNameTooLongForTheHeaderIsCutAtACharacter() {
    String units = "\u00b5".repeat(10_000); // 20,000 bytes of UTF-8, 2 per character
    TraceSnapshot s =
        new TraceSnapshot(
            KEY,
            1,
            "live",
            1,
            0,
            0,
            0,
            1,
            units,
            "GOOD",
            0,
            new double[] {1},
            null,
            null,
            0,
            1,
            "s",
            null);
    String got =
        decode(BinaryFrameEncoder.encode(s, TraceDecimator.decimate(s.values(), 100)).bytes())
            .strings()
            .get("units");
    assertEquals(0x3FFF / 2, got.length(), "whole characters only");
    assertTrue(got.chars().allMatch(c -> c == 0xb5), "no replacement character");
  }

  @Test
  void aScalarGoesAsJson() {
    TraceSnapshot s =
        new TraceSnapshot(
            KEY, 1, "live", 3, 0, 0, 0, 2, "V", "GOOD", 0, null, 0.25, null, 0, 1, "", null);
    Frame f = BinaryFrameEncoder.encode(s, null);
    assertTrue(f.isText());
    assertTrue(f.text().contains("\"value\":0.25"), f.text());
  }

  @Test
  void aTraceOfCodesGoesAsItsCodesAndDecodesToTheSameDoubles() {
    int n = 1000;
    ByteBuffer body = ByteBuffer.allocate(2 * n).order(ByteOrder.LITTLE_ENDIAN);
    for (int i = 0; i < n; i++) {
      body.putShort((short) Math.round(Math.sin(i / 30.0) * 30_000));
    }
    TraceCodes c = new TraceCodes(true, body.array(), 7.8125e-5, -0.0123, null, -32768, 32767);
    double[] v = values(c);
    TraceSnapshot s = snapshot(v, c);
    Frame floats = BinaryFrameEncoder.encode(snapshot(v, 0), TraceDecimator.decimate(v, 2000));
    Frame codes = BinaryFrameEncoder.encode(s, TraceDecimator.decimate(v, 2000));
    ByteBuffer b = codes.bytes().order(ByteOrder.LITTLE_ENDIAN);
    assertEquals(BinaryFrameEncoder.CODES_VERSION, b.get(0));
    int flags = b.get(1) & 0xFF;
    assertEquals(
        BinaryFrameEncoder.WIDE_CODES
            | BinaryFrameEncoder.CLIP_LOW_CODE
            | BinaryFrameEncoder.CLIP_HIGH_CODE
            | BinaryFrameEncoder.CLIP_COUNTS,
        flags);
    assertEquals(-32768, b.getInt(92));
    assertEquals(32767, b.getInt(96));
    double[] y = decodeCodes(b);
    assertEquals(n, y.length);
    for (int i = 0; i < n; i++) {
      assertEquals(Double.doubleToRawLongBits(v[i]), Double.doubleToRawLongBits(y[i]), "at " + i);
    }
    assertEquals("lab/scope", stringsOfCodes(b).get("im"));
    assertTrue(
        codes.size() < floats.size() * 0.6,
        "half the float frame's bytes: " + codes.size() + " vs " + floats.size());
  }

  @Test
  void decimatedCodesAreTheFloatFramesPointsWhateverTheSignOfTheScale() {
    for (boolean wide : new boolean[] {true, false}) {
      for (double scale : new double[] {0.004, -0.004}) {
        int n = 5001;
        int size = wide ? 2 : 1;
        byte[] body = new byte[n * size];
        ByteBuffer w = ByteBuffer.wrap(body).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < n; i++) {
          int code = (int) Math.round(Math.sin(i / 50.0) * (wide ? 20_000 : 100));
          code = i == 777 ? (wide ? 32000 : 127) : i >= 3000 && i < 3100 ? -7 : code;
          if (wide) {
            w.putShort((short) code);
          } else {
            w.put((byte) code);
          }
        }
        TraceCodes c = new TraceCodes(wide, body, scale, 1.5, -7, null, null);
        double[] v = values(c);
        TraceDecimator.Points p = TraceDecimator.decimate(v, 384);
        ByteBuffer b =
            BinaryFrameEncoder.encode(snapshot(v, c), p).bytes().order(ByteOrder.LITTLE_ENDIAN);
        int flags = b.get(1);
        assertEquals(
            BinaryFrameEncoder.DECIMATED
                | BinaryFrameEncoder.HAS_NAN
                | BinaryFrameEncoder.NAN_CODE
                | (wide ? BinaryFrameEncoder.WIDE_CODES : 0),
            flags);
        double[] y = decodeCodes(b);
        int[] index = indicesOfCodes(b);
        assertEquals(p.values().length, y.length);
        for (int k = 0; k < y.length; k++) {
          assertEquals(p.index()[k], index[k]);
          assertEquals(
              Double.doubleToLongBits(p.values()[k]), Double.doubleToLongBits(y[k]), "point " + k);
        }
        double peak = 1.5 + (wide ? 32000 : 127) * scale;
        assertTrue(
            java.util.Arrays.stream(y).anyMatch(x -> x == peak),
            "the one-sample peak survives, scale " + scale);
      }
    }
  }

  /**
   * A trace the scope clipped at both edges (a Keysight's codes: hole -32768, clipped low -32767,
   * high 32767 as kept): the frame ends with the whole trace's clip counts, every bucket of the
   * decimated frame that holds a clipped sample shows one, and the JSON frame says the same.
   */
  @Test
  void clippedSamplesAreCountedAndEveryBucketWithOneShowsOne() throws Exception {
    int n = 5000;
    ByteBuffer body = ByteBuffer.allocate(2 * n).order(ByteOrder.LITTLE_ENDIAN);
    int low = 0;
    int high = 0;
    for (int i = 0; i < n; i++) {
      long code = Math.round(Math.sin(i / 40.0) * 40_000);
      code = i == 2222 ? 32767 : code; // one clipped sample alone in its bucket
      if (code >= 32767) {
        code = 32767;
        high++;
      } else if (code <= -32767) {
        code = -32767;
        low++;
      }
      body.putShort((short) code);
    }
    TraceCodes c = new TraceCodes(true, body.array(), 7.8125e-5, 0, -32768, -32767, 32767);
    double[] v = values(c);
    FrameSet set = new FrameSet(snapshot(v, c), new FrameCounters());
    for (int points : new int[] {10_000, 384, 40}) {
      ByteBuffer b = set.frame(FrameFormat.BINARY, points).bytes().order(ByteOrder.LITTLE_ENDIAN);
      assertTrue(low > 0 && high > 0);
      assertArrayEquals(new int[] {low, high}, clipCounts(b), points + " points");
      double[] y = decodeCodes(b);
      boolean decimated = (b.get(1) & BinaryFrameEncoder.DECIMATED) != 0;
      int[] index = decimated ? indicesOfCodes(b) : null;
      assertEquals(points < n, decimated);
      double top = 32767 * c.scale();
      double bottom = -32767 * c.scale();
      if (decimated) {
        int buckets = points / 2;
        for (int k = 0; k < buckets; k++) {
          int start = (int) ((long) k * n / buckets);
          int end = (int) ((long) (k + 1) * n / buckets);
          boolean clipped = false;
          for (int i = start; i < end; i++) {
            clipped |= c.clipped(i) != 0;
          }
          boolean shown = false;
          for (int p = 0; p < index.length; p++) {
            shown |= index[p] >= start && index[p] < end && (y[p] == top || y[p] == bottom);
          }
          assertEquals(clipped, shown, "bucket " + k + " of " + points + " points");
        }
      }
      JsonNode json = new ObjectMapper().readTree(set.frame(FrameFormat.JSON, points).text());
      assertEquals(low, json.get("clippedLow").asInt());
      assertEquals(high, json.get("clippedHigh").asInt());
      int lows = 0;
      int highs = 0;
      for (int k = 0; k < y.length; k++) {
        lows += y[k] == bottom ? 1 : 0;
        highs += y[k] == top ? 1 : 0;
      }
      assertEquals(lows, json.get("clippedLowPoints").size());
      assertEquals(highs, json.get("clippedHighPoints").size());
      for (JsonNode k : json.get("clippedHighPoints")) {
        assertEquals(top, json.get("y").get(k.asInt()).asDouble(), 1e-6);
      }
    }
  }

  /** A trace without clip codes ends where it did, and its JSON frame says nothing of clipping. */
  @Test
  void aTraceWithoutClipCodesHasNoClipCounts() throws Exception {
    byte[] body = {1, 2, 3, 127, -128, 5};
    TraceCodes c = new TraceCodes(false, body, 0.5, 0, null, null, null);
    FrameSet set = new FrameSet(snapshot(values(c), c), new FrameCounters());
    ByteBuffer b = set.frame(FrameFormat.BINARY, 100).bytes().order(ByteOrder.LITTLE_ENDIAN);
    assertEquals(0, b.get(1) & BinaryFrameEncoder.CLIP_COUNTS);
    decodeCodes(b); // asserts nothing follows the codes
    JsonNode json = new ObjectMapper().readTree(set.frame(FrameFormat.JSON, 100).text());
    assertFalse(json.has("clippedLow"));
    assertFalse(json.has("clippedHighPoints"));
  }

  /** The doubles of codes, as the IE computes them. */
  private static double[] values(TraceCodes c) {
    ByteBuffer b = ByteBuffer.wrap(c.body()).order(ByteOrder.LITTLE_ENDIAN);
    double[] v = new double[c.length()];
    for (int i = 0; i < v.length; i++) {
      int code = c.wide() ? b.getShort(2 * i) : b.get(i);
      v[i] =
          c.nanCode() != null && code == c.nanCode() ? Double.NaN : code * c.scale() + c.offset();
    }
    return v;
  }

  /** A version 2 frame's values, decoded as the page does: code * scale + offset. */
  private static double[] decodeCodes(ByteBuffer b) {
    int flags = b.get(1) & 0xFF;
    int valuesAt = Short.toUnsignedInt(b.getShort(2));
    assertEquals(0, valuesAt % 4);
    int n = b.getInt(4);
    double scale = b.getDouble(72);
    double offset = b.getDouble(80);
    boolean wide = (flags & BinaryFrameEncoder.WIDE_CODES) != 0;
    double[] y = new double[n];
    for (int k = 0; k < n; k++) {
      int code = wide ? b.getShort(valuesAt + 2 * k) : b.get(valuesAt + k);
      boolean nan = (flags & BinaryFrameEncoder.NAN_CODE) != 0 && code == b.getInt(88);
      y[k] = nan ? Double.NaN : code * scale + offset;
    }
    int end = valuesAt + ((n * (wide ? 2 : 1) + 3) & ~3);
    if ((flags & BinaryFrameEncoder.DECIMATED) == 0) {
      assertEquals(b.limit(), end + clipCountBytes(flags), "nothing after the codes");
    }
    return y;
  }

  private static int[] indicesOfCodes(ByteBuffer b) {
    int flags = b.get(1) & 0xFF;
    int valuesAt = Short.toUnsignedInt(b.getShort(2));
    int n = b.getInt(4);
    int from = valuesAt + ((n * ((flags & BinaryFrameEncoder.WIDE_CODES) != 0 ? 2 : 1) + 3) & ~3);
    boolean wide = (flags & BinaryFrameEncoder.WIDE_INDEX) != 0;
    assertEquals(0, from % (wide ? 4 : 2), "typed arrays need aligned indices");
    int[] index = new int[n];
    for (int k = 0; k < n; k++) {
      index[k] = wide ? b.getInt(from + 4 * k) : Short.toUnsignedInt(b.getShort(from + 2 * k));
    }
    assertEquals(
        b.limit(), from + n * (wide ? 4 : 2) + clipCountBytes(flags), "nothing after the indices");
    return index;
  }

  /** The clip counts at a version 2 frame's end: {low, high}. */
  private static int[] clipCounts(ByteBuffer b) {
    assertTrue((b.get(1) & BinaryFrameEncoder.CLIP_COUNTS) != 0, "flag 128");
    return new int[] {b.getInt(b.limit() - 8), b.getInt(b.limit() - 4)};
  }

  private static int clipCountBytes(int flags) {
    return (flags & BinaryFrameEncoder.CLIP_COUNTS) != 0 ? 8 : 0;
  }

  private static Map<String, String> stringsOfCodes(ByteBuffer b) {
    Map<String, String> strings = new LinkedHashMap<>();
    int at = BinaryFrameEncoder.CODES_HEADER;
    for (String name :
        new String[] {"ie", "im", "attribute", "status", "units", "quality", "xUnits"}) {
      int len = Short.toUnsignedInt(b.getShort(at));
      byte[] str = new byte[len];
      b.get(at + 2, str);
      strings.put(name, new String(str, StandardCharsets.UTF_8));
      at += 2 + len;
    }
    return strings;
  }

  private static TraceSnapshot snapshot(double[] v, TraceCodes codes) {
    return new TraceSnapshot(
        KEY, 7, "live", 42, 1, 3, 0, 19.97, "V", "GOOD", 5, v, null, null, -0.005, 4e-6, "s",
        codes);
  }

  private static TraceSnapshot snapshot(double[] v, long acquiredMicros) {
    return new TraceSnapshot(
        KEY,
        7,
        "live",
        42,
        1,
        3,
        0,
        19.97,
        "µs",
        "GOOD",
        acquiredMicros,
        v,
        null,
        null,
        -0.005,
        4e-6,
        "s",
        null);
  }

  private static Decoded decode(ByteBuffer raw) {
    ByteBuffer b = raw.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    assertEquals(1, b.get(0));
    int flags = b.get(1);
    int valuesAt = Short.toUnsignedInt(b.getShort(2));
    assertEquals(0, valuesAt % 4, "Float32Array needs 4-byte alignment");
    int n = b.getInt(4);
    Map<String, String> strings = new LinkedHashMap<>();
    int at = 72;
    for (String name :
        new String[] {"ie", "im", "attribute", "status", "units", "quality", "xUnits"}) {
      int len = Short.toUnsignedInt(b.getShort(at));
      byte[] str = new byte[len];
      b.get(at + 2, str);
      strings.put(name, new String(str, StandardCharsets.UTF_8));
      at += 2 + len;
    }
    float[] y = new float[n];
    for (int k = 0; k < n; k++) {
      y[k] = b.getFloat(valuesAt + 4 * k);
    }
    int[] index = null;
    if ((flags & BinaryFrameEncoder.DECIMATED) != 0) {
      index = new int[n];
      boolean wide = (flags & BinaryFrameEncoder.WIDE_INDEX) != 0;
      int from = valuesAt + 4 * n;
      for (int k = 0; k < n; k++) {
        index[k] = wide ? b.getInt(from + 4 * k) : Short.toUnsignedInt(b.getShort(from + 2 * k));
      }
      assertEquals(b.limit(), from + n * (wide ? 4 : 2), "nothing after the indices");
    } else {
      assertEquals(b.limit(), valuesAt + 4 * n);
    }
    return new Decoded(
        flags, b.getDouble(16), b.getDouble(40), b.getDouble(48), b.getInt(8), strings, y, index);
  }

  private static float max(float[] y) {
    float m = Float.NEGATIVE_INFINITY;
    for (float f : y) {
      m = Math.max(m, f);
    }
    return m;
  }
}
