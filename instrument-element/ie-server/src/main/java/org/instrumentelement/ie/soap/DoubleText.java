package org.instrumentelement.ie.soap;

import java.math.BigInteger;

/**
 * Writes doubles as the shortest decimal text that reads back as the same double, fast: the XML
 * encoding of a 2,500-double vector spends most of its time here. The digits come from the
 * Schubfach algorithm (R. Giulietti, "The Schubfach way to render doubles", 2020): the shortest
 * decimal in the double's rounding interval, the closest one when there are several. JDK 17's
 * {@link Double#toString} is several times slower and sometimes writes one digit more.
 *
 * <p>The text is a valid xs:double and Java double literal, without redundant characters: {@code
 * 0.25} is written {@code .25}, {@code -0.05} {@code -.05}, {@code 1200.0} {@code 1200}, and
 * exponents are used only where they are shorter ({@code 1.5E-9}, {@code 2E21}). NaN and the
 * infinities are written as xs:double spells them ({@code NaN}, {@code INF}, {@code -INF}).
 */
public final class DoubleText {
  private static final int Q_MIN = -1074;
  private static final long C_TINY = 3; // c < C_TINY: the subnormal needs one more digit of care
  private static final long C_MIN = 1L << 52;
  private static final int K_MIN = -324;
  private static final int K_MAX = 292;
  private static final long MASK_63 = 0x7FFF_FFFF_FFFF_FFFFL;
  private static final long[] G = table();

  private DoubleText() {}

  /** Appends the text of {@code v} to {@code out}. */
  public static void append(StringBuilder out, double v) {
    long bits = Double.doubleToRawLongBits(v);
    int bq = (int) (bits >>> 52) & 0x7FF;
    long t = bits & (C_MIN - 1);
    if (bq == 0x7FF) {
      out.append(t != 0 ? "NaN" : bits < 0 ? "-INF" : "INF");
      return;
    }
    if (bits < 0) {
      out.append('-');
    }
    if (bq == 0 && t == 0) {
      out.append('0');
      return;
    }
    int q;
    long c;
    int dk = 0;
    if (bq != 0) {
      q = bq - 1075;
      c = C_MIN | t;
      if (q < 0 && q > -53 && (c & ((1L << -q) - 1)) == 0) {
        write(out, c >> -q, 0); // an integer below 2^53
        return;
      }
    } else {
      q = Q_MIN;
      c = t;
      if (c < C_TINY) {
        // The tiniest subnormals: the general path needs a scaled significand.
        c *= 10;
        dk = -1;
      }
    }
    toDecimal(out, q, c, dk);
  }

  /** The text of {@code v}. */
  public static String toString(double v) {
    StringBuilder b = new StringBuilder(24);
    append(b, v);
    return b.toString();
  }

  private static void toDecimal(StringBuilder out, int q, long c, int dk) {
    int out1 = (int) c & 1;
    long cb = c << 2;
    long cbr = cb + 2;
    long cbl;
    int k;
    if (c != C_MIN || q == Q_MIN) {
      cbl = cb - 2;
      k = flog10pow2(q);
    } else {
      cbl = cb - 1;
      k = flog10threeQuartersPow2(q);
    }
    int h = q + flog2pow10(-k) + 2;
    long g1 = G[(k - K_MIN) << 1];
    long g0 = G[((k - K_MIN) << 1) + 1];
    long vb = rop(g1, g0, cb << h);
    long vbl = rop(g1, g0, cbl << h);
    long vbr = rop(g1, g0, cbr << h);
    long s = vb >> 2;
    if (s >= 100) {
      long sp10 = 10 * Math.multiplyHigh(s, 115_292_150_460_684_698L << 4);
      long tp10 = sp10 + 10;
      boolean upin = vbl + out1 <= sp10 << 2;
      boolean wpin = (tp10 << 2) + out1 <= vbr;
      if (upin != wpin) {
        write(out, upin ? sp10 : tp10, k);
        return;
      }
    }
    long tt = s + 1;
    boolean uin = vbl + out1 <= s << 2;
    boolean win = (tt << 2) + out1 <= vbr;
    if (uin != win) {
      write(out, uin ? s : tt, k + dk);
      return;
    }
    long cmp = vb - ((s + tt) << 1);
    write(out, cmp < 0 || (cmp == 0 && (s & 1) == 0) ? s : tt, k + dk);
  }

  /** Rounds to odd the product of g (126 bits) and cp, keeping the high 64 bits. */
  private static long rop(long g1, long g0, long cp) {
    long x1 = Math.multiplyHigh(g0, cp);
    long y0 = g1 * cp;
    long y1 = Math.multiplyHigh(g1, cp);
    long z = (y0 >>> 1) + x1;
    long vbp = y1 + (z >>> 63);
    return vbp | ((z & MASK_63) + MASK_63) >>> 63;
  }

  static int flog10pow2(int e) {
    return (int) (e * 661_971_961_083L >> 41);
  }

  static int flog10threeQuartersPow2(int e) {
    return (int) ((e * 661_971_961_083L + -274_743_187_321L) >> 41);
  }

  static int flog2pow10(int e) {
    return (int) (e * 913_124_641_741L >> 38);
  }

  /**
   * g(k) = floor(10^-k 2^(125 - flog2pow10(-k))) + 1 for every k, as two longs: g >> 63 and the low
   * 63 bits. Computed once with BigInteger (a table in the source would be 1,234 numbers).
   */
  private static long[] table() {
    long[] g = new long[(K_MAX - K_MIN + 1) * 2];
    for (int k = K_MIN; k <= K_MAX; k++) {
      int r = 125 - flog2pow10(-k);
      BigInteger v;
      if (-k >= 0) {
        BigInteger p = BigInteger.TEN.pow(-k);
        v = r >= 0 ? p.shiftLeft(r) : p.shiftRight(-r);
      } else {
        BigInteger p = BigInteger.TEN.pow(k);
        v = BigInteger.ONE.shiftLeft(r).divide(p);
      }
      v = v.add(BigInteger.ONE);
      g[(k - K_MIN) << 1] = v.shiftRight(63).longValueExact();
      g[((k - K_MIN) << 1) + 1] = v.longValue() & MASK_63;
    }
    return g;
  }

  private static final long[] POW10 = {
    1L,
    10L,
    100L,
    1_000L,
    10_000L,
    100_000L,
    1_000_000L,
    10_000_000L,
    100_000_000L,
    1_000_000_000L,
    10_000_000_000L,
    100_000_000_000L,
    1_000_000_000_000L,
    10_000_000_000_000L,
    100_000_000_000_000L,
    1_000_000_000_000_000L,
    10_000_000_000_000_000L,
    100_000_000_000_000_000L,
    1_000_000_000_000_000_000L
  };

  /** "00".."99": two digits per table entry, as Integer.toString writes them. */
  private static final char[] TWO_DIGITS = twoDigits();

  private static char[] twoDigits() {
    char[] t = new char[200];
    for (int i = 0; i < 100; i++) {
      t[2 * i] = (char) ('0' + i / 10);
      t[2 * i + 1] = (char) ('0' + i % 10);
    }
    return t;
  }

  /** Writes f * 10^e (f > 0, at most 17 digits) in the shortest of the plain and exponent forms. */
  private static void write(StringBuilder out, long f, int e) {
    while (f % 10 == 0) {
      f /= 10;
      e++;
    }
    int len = 1;
    while (len < 19 && f >= POW10[len]) {
      len++;
    }
    char[] d = new char[len];
    digits(f, d, len);
    int point = len + e; // the decimal point comes after the first 'point' digits
    int plain;
    if (point <= 0) {
      plain = 1 + -point + len; // ".000ddd"
    } else if (point >= len) {
      plain = point; // "ddd000"
    } else {
      plain = len + 1; // "dd.dd"
    }
    int exp = point - 1;
    int expLen =
        exp < 0 ? (exp <= -10 ? (exp <= -100 ? 4 : 3) : 2) : (exp >= 10 ? (exp >= 100 ? 3 : 2) : 1);
    int scientific = (len == 1 ? 1 : len + 1) + 1 + expLen;
    if (plain <= scientific) {
      if (point <= 0) {
        out.append('.');
        for (int i = 0; i < -point; i++) {
          out.append('0');
        }
        out.append(d, 0, len);
      } else if (point >= len) {
        out.append(d, 0, len);
        for (int i = len; i < point; i++) {
          out.append('0');
        }
      } else {
        out.append(d, 0, point).append('.').append(d, point, len - point);
      }
    } else {
      out.append(d[0]);
      if (len > 1) {
        out.append('.').append(d, 1, len - 1);
      }
      out.append('E').append(exp);
    }
  }

  /** The len decimal digits of f, most significant first, two at a time. */
  private static void digits(long f, char[] d, int len) {
    int pos = len;
    while (f >= 100_000_000L) {
      long q = f / 100_000_000L;
      int r = (int) (f - q * 100_000_000L);
      for (int k = 0; k < 4; k++) {
        int r2 = r / 100;
        int two = (r - r2 * 100) << 1;
        d[--pos] = TWO_DIGITS[two + 1];
        d[--pos] = TWO_DIGITS[two];
        r = r2;
      }
      f = q;
    }
    int r = (int) f;
    while (r >= 100) {
      int r2 = r / 100;
      int two = (r - r2 * 100) << 1;
      d[--pos] = TWO_DIGITS[two + 1];
      d[--pos] = TWO_DIGITS[two];
      r = r2;
    }
    if (r >= 10) {
      d[--pos] = TWO_DIGITS[(r << 1) + 1];
      d[--pos] = TWO_DIGITS[r << 1];
    } else {
      d[--pos] = (char) ('0' + r);
    }
  }
}
