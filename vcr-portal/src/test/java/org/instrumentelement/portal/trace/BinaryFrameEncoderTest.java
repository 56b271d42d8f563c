package org.instrumentelement.portal.trace;

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
            "s");
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
            KEY, 1, "live", 3, 0, 0, 0, 2, "V", "GOOD", 0, null, 0.25, null, 0, 1, "");
    Frame f = BinaryFrameEncoder.encode(s, null);
    assertTrue(f.isText());
    assertTrue(f.text().contains("\"value\":0.25"), f.text());
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
        "s");
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
