package org.instrumentelement.portal.trace;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/** Fuzzes the trace frames the portal sends browsers: binary and JSON, read back as a page does. */
class TraceFrameFuzzTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String[] STRINGS = {
    "ie", "im", "attribute", "status", "units", "quality", "xUnits"
  };

  /**
   * Invariant (round trip): any snapshot (any names and units, counters, times, a vector of any
   * doubles decimated to any width, or a scalar, a text or nothing) encodes without an exception;
   * the binary frame, read by the layout of docs/portal.md as the page reads it, gives back the
   * flags, counts, counters, times, strings (each whole, or a prefix cut at a character where its
   * UTF-8 exceeds the header's 16 KiB) and every point as a float with its sample index; the JSON
   * frame parses as JSON (NaN and infinities as null) and gives back the same strings, counters and
   * points.
   */
  @FuzzTest
  void frames(FuzzedDataProvider data) throws Exception {
    String[] s = new String[STRINGS.length];
    for (int i = 0; i < s.length; i++) {
      // Repeated up to 1,000 times, so that a name can outgrow the binary header's 16 KiB.
      s[i] = data.consumeBoolean() ? data.consumeString(40).repeat(data.consumeInt(1, 1000)) : null;
    }
    if (s[0] == null || s[1] == null || s[2] == null) {
      return; // a feed always has a key
    }
    int kind = data.consumeInt(0, 3);
    double[] values = null;
    if (kind == 0) {
      values = new double[data.consumeInt(0, 3000)];
      for (int i = 0; i < values.length; i++) {
        values[i] = data.remainingBytes() >= 8 ? data.consumeDouble() : i;
      }
    }
    TraceSnapshot snap =
        new TraceSnapshot(
            new TraceFeed.Key(s[0], s[1], s[2]),
            data.consumeLong(),
            s[3],
            data.consumeLong(),
            data.consumeLong(),
            data.consumeLong(),
            data.consumeLong(),
            data.consumeRegularDouble(),
            s[4],
            s[5],
            data.consumeLong(),
            values,
            kind == 1 ? data.consumeDouble() : null,
            kind == 2 ? data.consumeString(100) : null,
            data.consumeDouble(),
            data.consumeDouble(),
            s[6],
            null);
    // At least 2 points, as decimate requires (a viewer asks for at least 100).
    TraceDecimator.Points points =
        values == null ? null : TraceDecimator.decimate(values, data.consumeInt(2, 5000));
    Frame binary = BinaryFrameEncoder.encode(snap, points);
    Frame json = JsonFrameEncoder.encode(snap, points);
    checkJson(snap, points, json);
    if (!binary.isText()) {
      checkBinary(snap, points, binary.bytes());
    }
  }

  private static void checkJson(TraceSnapshot snap, TraceDecimator.Points p, Frame f)
      throws Exception {
    JsonNode j = JSON.readTree(f.text());
    String[] expected = strings(snap);
    for (int i = 0; i < STRINGS.length; i++) {
      JsonNode v = j.get(STRINGS[i]);
      if (v == null && i == 6 && !snap.vector()) {
        continue; // xUnits only with a vector
      }
      String got = v == null || v.isNull() ? null : v.asText();
      check(Objects.equals(expected[i], got), "JSON " + STRINGS[i]);
    }
    check(j.get("seq").asLong() == snap.seq(), "JSON seq");
    check(j.get("restarts").asLong() == snap.restarts(), "JSON restarts");
    if (p != null) {
      JsonNode y = j.get("y");
      check(y.size() == p.values().length, "JSON points");
      for (int k = 0; k < y.size(); k++) {
        float want = (float) p.values()[k];
        check(
            Float.isFinite(want) ? y.get(k).floatValue() == want : y.get(k).isNull(),
            "JSON point " + k);
      }
      if (p.decimated()) {
        for (int k = 0; k < p.index().length; k++) {
          check(j.get("i").get(k).asInt() == p.index()[k], "JSON index " + k);
        }
      }
    }
  }

  private static void checkBinary(TraceSnapshot snap, TraceDecimator.Points p, ByteBuffer raw) {
    ByteBuffer b = raw.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    check(b.get(0) == BinaryFrameEncoder.VERSION, "version");
    int flags = b.get(1);
    int valuesAt = Short.toUnsignedInt(b.getShort(2));
    check(valuesAt % 4 == 0, "values aligned");
    int n = b.getInt(4);
    check(n == p.values().length, "points");
    check(b.getInt(8) == snap.values().length, "samples");
    check(b.getDouble(16) == (double) snap.seq(), "seq");
    check(b.getDouble(40) == snap.acquiredMicros() / 1000.0, "acquired");
    check(Double.compare(b.getDouble(48), snap.x0()) == 0, "x0");
    check(Double.compare(b.getDouble(56), snap.dx()) == 0, "dx");
    boolean wide = (flags & BinaryFrameEncoder.WIDE_INDEX) != 0;
    check(((flags & BinaryFrameEncoder.DECIMATED) != 0) == p.decimated(), "decimated flag");
    String[] expected = strings(snap);
    int at = BinaryFrameEncoder.FIXED_HEADER;
    for (int i = 0; i < STRINGS.length; i++) {
      int len = Short.toUnsignedInt(b.getShort(at));
      byte[] bytes = new byte[len];
      b.get(at + 2, bytes);
      at += 2 + len;
      String got = new String(bytes, StandardCharsets.UTF_8);
      String want = expected[i] == null ? "" : expected[i];
      check(
          got.equals(want) || (len > 0x3FFF - 4 && want.startsWith(got)),
          "binary " + STRINGS[i] + " is '" + got + "', not (a prefix of) '" + want + "'");
    }
    check(at <= valuesAt, "strings overlap the values");
    boolean nan = false;
    for (int k = 0; k < n; k++) {
      float got = b.getFloat(valuesAt + 4 * k);
      float want = (float) p.values()[k];
      nan |= Float.isNaN(want);
      check(Float.compare(got, want) == 0, "binary point " + k);
    }
    check(((flags & BinaryFrameEncoder.HAS_NAN) != 0) == nan, "NaN flag");
    if (p.decimated()) {
      int indexAt = valuesAt + 4 * n;
      for (int k = 0; k < n; k++) {
        int got =
            wide ? b.getInt(indexAt + 4 * k) : Short.toUnsignedInt(b.getShort(indexAt + 2 * k));
        check(got == p.index()[k], "binary index " + k);
      }
    }
  }

  private static String[] strings(TraceSnapshot s) {
    return new String[] {
      s.key().element(),
      s.key().im(),
      s.key().attribute(),
      s.status(),
      s.units(),
      s.quality(),
      s.xUnits()
    };
  }

  private static void check(boolean ok, String what) {
    if (!ok) {
      throw new AssertionError(what);
    }
  }
}
