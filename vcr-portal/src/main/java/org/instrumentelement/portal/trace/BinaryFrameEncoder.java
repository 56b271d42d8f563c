package org.instrumentelement.portal.trace;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * A snapshot's vector as a binary frame: a small header, then the values and, when decimated, the
 * sample index of each point, all little-endian, so that the browser takes them as typed arrays
 * over the received bytes without parsing any text. The values are 32-bit floats (version 1), or,
 * for a trace that came as the instrument's codes, those codes with their scale and offset (version
 * 2: a quarter or an eighth of the doubles, half or a quarter of the floats, and the page's doubles
 * {@code code * scale + offset} are the IE's to the bit). Layout (docs/portal.md, "Binary frames"):
 *
 * <pre>
 *  0 u8  version (1 floats, 2 codes)
 *  1 u8  flags: 1 decimated, 2 32-bit indices, 4 NaN among the values,
 *               8 16-bit codes (else 8-bit), 16 NaN code, 32 clip-low code, 64 clip-high code,
 *               128 clip counts at the end
 *  2 u16 offset of the values (a multiple of 4)
 *  4 u32 points    8 u32 samples in the vector   12 u32 restarts
 * 16 f64 seq      24 f64 gaps   32 f64 missed   40 f64 acquired (ms since the epoch)
 * 48 f64 x0       56 f64 dx     64 f64 rate (values/s)
 * version 2 only:
 * 72 f64 scale    80 f64 offset
 * 88 i32 NaN code 92 i32 clip-low code  96 i32 clip-high code (0 when its flag is not set)
 * 72 (version 1) or 100 (version 2): seven strings, each u16 byte length + UTF-8: ie, im,
 *    attribute, status, units, quality, xUnits
 *    zero padding to the values' offset
 *    version 1: f32 x points: the values (NaN: no number)
 *    version 2: i16 or i8 x points: the codes (signed), then zero padding to a multiple of 4
 *    u16 or u32 x points: the sample index of each point, when decimated
 *    version 2 with a clip code (flag 128): u32 samples of the whole vector clipped low, u32
 *    clipped high
 * </pre>
 *
 * Decimation is the same for both (the doubles' minimum and maximum per bucket, {@link
 * TraceDecimator}); a codes frame carries the codes of the points chosen, so it shows the same
 * points as the float frame, in double precision, and a bucket with a clipped sample keeps one (see
 * {@link TraceDecimator#decimate(double[], int, java.util.function.IntPredicate)}). A snapshot
 * without a vector (a scalar, a text, only a status) is sent as JSON.
 */
final class BinaryFrameEncoder {
  static final int VERSION = 1;
  static final int CODES_VERSION = 2;
  static final int DECIMATED = 1;
  static final int WIDE_INDEX = 2;
  static final int HAS_NAN = 4;
  static final int WIDE_CODES = 8;
  static final int NAN_CODE = 16;
  static final int CLIP_LOW_CODE = 32;
  static final int CLIP_HIGH_CODE = 64;
  static final int CLIP_COUNTS = 128;
  static final int FIXED_HEADER = 72;
  static final int CODES_HEADER = 100;

  private BinaryFrameEncoder() {}

  /** The frame of {@code s}, its vector reduced to {@code points}; JSON without a vector. */
  static Frame encode(TraceSnapshot s, TraceDecimator.Points points) {
    if (!s.vector()) {
      return JsonFrameEncoder.encode(s, points);
    }
    TraceCodes codes = s.codes();
    if (codes != null && codes.length() != s.values().length) {
      codes = null; // not the codes of these values: the floats are right whatever they were
    }
    byte[][] strings = {
      utf8(s.key().element()),
      utf8(s.key().im()),
      utf8(s.key().attribute()),
      utf8(s.status()),
      utf8(s.units()),
      utf8(s.quality()),
      utf8(s.xUnits())
    };
    int stringBytes = 0;
    for (byte[] b : strings) {
      stringBytes += 2 + b.length;
    }
    int valuesAt = ((codes == null ? FIXED_HEADER : CODES_HEADER) + stringBytes + 3) & ~3;
    if (valuesAt > 0xFFFF) {
      return JsonFrameEncoder.encode(s, points); // names too long for the header: rare, still shown
    }
    double[] y = points.values();
    int n = y.length;
    boolean decimated = points.decimated();
    boolean wide = s.values().length > 0xFFFF;
    int valueBytes = codes == null ? 4 * n : (n * codes.bytesPerCode() + 3) & ~3;
    int indexBytes = decimated ? n * (wide ? 4 : 2) : 0;
    int[] clipCounts = codes != null && codes.tellsClipping() ? codes.clipCounts() : null;
    int countBytes = clipCounts == null ? 0 : 8;
    ByteBuffer b =
        ByteBuffer.allocateDirect(valuesAt + valueBytes + indexBytes + countBytes)
            .order(ByteOrder.LITTLE_ENDIAN);
    boolean nan = false;
    b.position(valuesAt);
    if (codes == null) {
      for (double v : y) {
        float f = (float) v;
        nan |= Float.isNaN(f);
        b.putFloat(f);
      }
    } else {
      for (double v : y) {
        nan |= Double.isNaN(v);
      }
      int size = codes.bytesPerCode();
      if (decimated) {
        for (int i : points.index()) {
          b.put(codes.body(), i * size, size);
        }
      } else {
        b.put(codes.body(), 0, n * size);
      }
      b.position(valuesAt + valueBytes);
    }
    if (decimated) {
      for (int i : points.index()) {
        if (wide) {
          b.putInt(i);
        } else {
          b.putShort((short) i);
        }
      }
    }
    if (clipCounts != null) {
      b.putInt(clipCounts[0]).putInt(clipCounts[1]);
    }
    int flags = (decimated ? DECIMATED : 0) | (wide ? WIDE_INDEX : 0) | (nan ? HAS_NAN : 0);
    if (codes != null) {
      flags |=
          (codes.wide() ? WIDE_CODES : 0)
              | (codes.nanCode() != null ? NAN_CODE : 0)
              | (codes.clipLowCode() != null ? CLIP_LOW_CODE : 0)
              | (codes.clipHighCode() != null ? CLIP_HIGH_CODE : 0)
              | (clipCounts != null ? CLIP_COUNTS : 0);
    }
    b.position(0);
    b.put((byte) (codes == null ? VERSION : CODES_VERSION)).put((byte) flags);
    b.putShort((short) valuesAt);
    b.putInt(n).putInt(s.values().length).putInt((int) Math.min(s.restarts(), 0xFFFFFFFFL));
    b.putDouble(s.seq()).putDouble(s.gaps()).putDouble(s.missed());
    b.putDouble(s.acquiredMicros() / 1000.0);
    b.putDouble(s.x0()).putDouble(s.dx()).putDouble(Math.round(s.rate() * 100) / 100.0);
    if (codes != null) {
      b.putDouble(codes.scale()).putDouble(codes.offset());
      b.putInt(orZero(codes.nanCode()))
          .putInt(orZero(codes.clipLowCode()))
          .putInt(orZero(codes.clipHighCode()));
    }
    for (byte[] str : strings) {
      b.putShort((short) str.length).put(str);
    }
    b.clear();
    return Frame.binary(b);
  }

  private static int orZero(Integer code) {
    return code == null ? 0 : code;
  }

  /**
   * UTF-8 of a header string, cut to what its 16-bit length can say, before a whole character: a
   * cut inside one would show the page a replacement character.
   */
  private static byte[] utf8(String s) {
    byte[] b = s == null ? new byte[0] : s.getBytes(StandardCharsets.UTF_8);
    if (b.length <= 0x3FFF) {
      return b;
    }
    int cut = 0x3FFF;
    while (cut > 0 && (b[cut] & 0xC0) == 0x80) {
      cut--; // b[cut] continues a character: cut before that character's first byte
    }
    return java.util.Arrays.copyOf(b, cut);
  }
}
