package org.instrumentelement.ie.soap.types;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

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

  /** Longest text: "-2.2250738585072014E-308". */
  public static final int MAX_LENGTH = 24;

  /**
   * Reads an xs:double literal: Java's decimal syntax, and {@code INF}, {@code +INF}, {@code -INF},
   * {@code NaN}; not what only Java takes (hexadecimal floating point, {@code Infinity}, a trailing
   * {@code d} or {@code f}).
   *
   * @throws NumberFormatException if {@code t} is not an xs:double literal
   */
  public static double parse(String t) {
    switch (t) {
      case "INF", "+INF":
        return Double.POSITIVE_INFINITY;
      case "-INF":
        return Double.NEGATIVE_INFINITY;
      case "NaN":
        return Double.NaN;
      default:
        if (t.isEmpty()) {
          throw new NumberFormatException("empty");
        }
        for (int i = 0; i < t.length(); i++) {
          char c = t.charAt(i);
          if (!((c >= '0' && c <= '9')
              || c == '.'
              || c == 'e'
              || c == 'E'
              || c == '+'
              || c == '-')) {
            throw new NumberFormatException(t);
          }
        }
        return Double.parseDouble(t);
    }
  }

  /** Appends the text of {@code v} to {@code out}. */
  public static void append(StringBuilder out, double v) {
    byte[] buf = new byte[MAX_LENGTH];
    int n = format(v, buf);
    for (int i = 0; i < n; i++) {
      out.append((char) buf[i]);
    }
  }

  /** The text of {@code v}. */
  public static String toString(double v) {
    byte[] buf = new byte[MAX_LENGTH];
    return new String(buf, 0, format(v, buf), StandardCharsets.ISO_8859_1);
  }

  /**
   * Writes the text of {@code v} (ASCII) at the start of {@code buf}, which has room for {@link
   * #MAX_LENGTH} bytes, and returns its length.
   */
  static int format(double v, byte[] buf) {
    return format(v, buf, 0);
  }

  /**
   * Writes the text of {@code v} (ASCII) at {@code off} in {@code buf}, which has room for {@link
   * #MAX_LENGTH} bytes from there, and returns the position after it.
   */
  public static int format(double v, byte[] buf, int off) {
    long bits = Double.doubleToRawLongBits(v);
    int bq = (int) (bits >>> 52) & 0x7FF;
    long t = bits & (C_MIN - 1);
    if (bq == 0x7FF) {
      return ascii(t != 0 ? "NaN" : bits < 0 ? "-INF" : "INF", buf, off);
    }
    int pos = off;
    if (bits < 0) {
      buf[pos++] = '-';
    }
    if (bq == 0 && t == 0) {
      buf[pos++] = '0';
      return pos;
    }
    int q;
    long c;
    int dk = 0;
    if (bq != 0) {
      q = bq - 1075;
      c = C_MIN | t;
      if (q < 0 && q > -53 && (c & ((1L << -q) - 1)) == 0) {
        return write(buf, pos, c >> -q, 0); // an integer below 2^53
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
    return toDecimal(buf, pos, q, c, dk);
  }

  private static int ascii(String s, byte[] buf, int off) {
    for (int i = 0; i < s.length(); i++) {
      buf[off + i] = (byte) s.charAt(i);
    }
    return off + s.length();
  }

  private static int toDecimal(byte[] buf, int pos, int q, long c, int dk) {
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
        return write(buf, pos, upin ? sp10 : tp10, k);
      }
    }
    long tt = s + 1;
    boolean uin = vbl + out1 <= s << 2;
    boolean win = (tt << 2) + out1 <= vbr;
    if (uin != win) {
      return write(buf, pos, uin ? s : tt, k + dk);
    }
    long cmp = vb - ((s + tt) << 1);
    return write(buf, pos, cmp < 0 || (cmp == 0 && (s & 1) == 0) ? s : tt, k + dk);
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
  private static final byte[] TWO_DIGITS = twoDigits();

  private static byte[] twoDigits() {
    byte[] t = new byte[200];
    for (int i = 0; i < 100; i++) {
      t[2 * i] = (byte) ('0' + i / 10);
      t[2 * i + 1] = (byte) ('0' + i % 10);
    }
    return t;
  }

  /**
   * Writes f * 10^e (f > 0, at most 17 digits) at {@code pos} in the shortest of the plain and
   * exponent forms; returns the position after it.
   */
  private static int write(byte[] buf, int pos, long f, int e) {
    while (f % 10 == 0) {
      f /= 10;
      e++;
    }
    int len = 1;
    while (len < 19 && f >= POW10[len]) {
      len++;
    }
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
        buf[pos++] = '.';
        for (int i = 0; i < -point; i++) {
          buf[pos++] = '0';
        }
        digits(f, buf, pos + len);
        return pos + len;
      } else if (point >= len) {
        digits(f, buf, pos + len);
        pos += len;
        for (int i = len; i < point; i++) {
          buf[pos++] = '0';
        }
        return pos;
      }
      // "dd.dd": the digits one place to the right, then the integer part back over the gap
      digits(f, buf, pos + len + 1);
      System.arraycopy(buf, pos + 1, buf, pos, point);
      buf[pos + point] = '.';
      return pos + len + 1;
    }
    digits(f, buf, pos + len + 1);
    buf[pos] = buf[pos + 1];
    if (len > 1) {
      buf[pos + 1] = '.';
      pos += len + 1;
    } else {
      pos += 1;
    }
    buf[pos++] = 'E';
    if (exp < 0) {
      buf[pos++] = '-';
      exp = -exp;
    }
    if (exp >= 100) {
      buf[pos++] = (byte) ('0' + exp / 100);
      exp %= 100;
      buf[pos++] = TWO_DIGITS[exp << 1];
      buf[pos++] = TWO_DIGITS[(exp << 1) + 1];
    } else if (exp >= 10) {
      buf[pos++] = TWO_DIGITS[exp << 1];
      buf[pos++] = TWO_DIGITS[(exp << 1) + 1];
    } else {
      buf[pos++] = (byte) ('0' + exp);
    }
    return pos;
  }

  /** The decimal digits of f, most significant first, ending just before {@code end}. */
  private static void digits(long f, byte[] d, int end) {
    int pos = end;
    while (f >= 100_000_000L) {
      long q = f / 100_000_000L;
      pos -= 8;
      BIG_ENDIAN_LONG.set(d, pos, eightDigits((int) (f - q * 100_000_000L)));
      f = q;
    }
    int r = (int) f;
    if (r >= 10_000_000) {
      BIG_ENDIAN_LONG.set(d, pos - 8, eightDigits(r));
      return;
    }
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
      d[--pos] = (byte) ('0' + r);
    }
  }

  private static final VarHandle BIG_ENDIAN_LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  /**
   * The eight ASCII digits of {@code n} (below 10^8, with leading zeros), the first in the high
   * byte, computed in lanes of one long without a division per digit: the two halves of four digits
   * in 32-bit lanes, split into pairs in 16-bit lanes ({@code a / 100} as {@code a * 10486 >> 20},
   * exact below 10^4), then into digits in bytes ({@code a / 10} as {@code a * 103 >> 10}, exact
   * below 100).
   */
  static long eightDigits(int n) {
    long hi = n / 10_000;
    long m = hi << 32 | (n - hi * 10_000);
    long hundreds = ((m * 10_486) >>> 20) & 0x0000_007F_0000_007FL;
    m = hundreds << 16 | (m - hundreds * 100);
    long tens = ((m * 103) >>> 10) & 0x000F_000F_000F_000FL;
    m = tens << 8 | (m - tens * 10);
    return m | 0x3030_3030_3030_3030L;
  }
}
