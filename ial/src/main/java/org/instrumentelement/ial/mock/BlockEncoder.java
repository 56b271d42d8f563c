package org.instrumentelement.ial.mock;

import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import org.instrumentelement.ial.ieee4882.BinaryFormat;
import org.instrumentelement.ial.ieee4882.BlockHeader;

/**
 * Turns samples in volts into the IEEE 488.2 definite-length block an instrument sends: integer
 * codes ({@code code = (volts - yOrigin) / yIncrement + yReference}) or floats in a binary format
 * and byte order, or ASCII numbers in volts separated by commas, in a block or as plain text. The
 * last block is kept: a held trace is encoded once, not at every query, so the simulator is never
 * the bottleneck.
 */
final class BlockEncoder {
  /**
   * The format name of comma-separated ASCII values in a block ({@code :WAVeform:FORMat ASCii}).
   */
  static final String ASCII = "ascii";

  /**
   * The format name of comma-separated ASCII values without a block header, as a plain reply
   * ({@code FORMat ASCii} on a Rohde &amp; Schwarz scope).
   */
  static final String TEXT = "text";

  private record Encoding(
      double[] samples,
      String format,
      ByteOrder order,
      double inc,
      double origin,
      double ref,
      double clipLow,
      double clipHigh,
      NumberForm form) {
    boolean same(Encoding o) {
      return samples == o.samples
          && format.equals(o.format)
          && order == o.order
          && form == o.form
          && Double.compare(inc, o.inc) == 0
          && Double.compare(origin, o.origin) == 0
          && Double.compare(ref, o.ref) == 0
          && Double.compare(clipLow, o.clipLow) == 0
          && Double.compare(clipHigh, o.clipHigh) == 0;
    }
  }

  private final int headerDigits;
  private Encoding lastEncoding;
  private byte[] lastBlock;

  /** The codes of the last block sent as codes: reused, since they never leave the encoder. */
  private double[] codes = new double[0];

  /**
   * @param headerDigits the fewest digits of a block header's length ({@code answer.blockDigits})
   */
  BlockEncoder(int headerDigits) {
    this.headerDigits = headerDigits;
  }

  /** Checks a format name from a model file. */
  static void check(String format) {
    if (!format.equalsIgnoreCase(ASCII) && !format.equalsIgnoreCase(TEXT)) {
      BinaryFormat.of(format);
    }
  }

  /**
   * The block, header included (none for {@link #TEXT}).
   *
   * @param yIncrement volts per code, or NaN to send volts
   * @param clipLow with codes, the code of a sample clipped at the bottom of the screen: every code
   *     at or below it is sent as it (the Keysight's 1, below which 0 is a hole), or NaN for none
   * @param clipHigh likewise at the top (the Keysight's largest code), or NaN
   * @param form how ASCII values are written, or {@code null} for NR3 ({@code +1.234567E-01})
   */
  byte[] encode(
      double[] samples,
      String format,
      ByteOrder order,
      double yIncrement,
      double yOrigin,
      double yReference,
      double clipLow,
      double clipHigh,
      NumberForm form) {
    Encoding e =
        new Encoding(
            samples, format, order, yIncrement, yOrigin, yReference, clipLow, clipHigh, form);
    if (lastEncoding != null && lastEncoding.same(e)) {
      return lastBlock;
    }
    byte[] out;
    if (format.equalsIgnoreCase(TEXT)) {
      out = ascii(samples, form);
    } else if (format.equalsIgnoreCase(ASCII)) {
      byte[] data = ascii(samples, form);
      byte[] header = BlockHeader.definite(data.length, headerDigits);
      out = new byte[header.length + data.length];
      System.arraycopy(header, 0, out, 0, header.length);
      System.arraycopy(data, 0, out, header.length, data.length);
    } else {
      double[] values = samples;
      if (!Double.isNaN(yIncrement)) {
        if (codes.length != samples.length) {
          codes = new double[samples.length];
        }
        values = codes;
        for (int i = 0; i < values.length; i++) {
          values[i] = (samples[i] - yOrigin) / yIncrement + yReference;
        }
        clip(values, clipLow, clipHigh);
      }
      // Header and data in one array: a trace is not copied once more behind its header.
      BinaryFormat binary = BinaryFormat.of(format);
      byte[] header = BlockHeader.definite((long) values.length * binary.width(), headerDigits);
      out = new byte[header.length + values.length * binary.width()];
      System.arraycopy(header, 0, out, 0, header.length);
      binary.encode(values, order, out, header.length);
    }
    lastEncoding = e;
    lastBlock = out;
    return out;
  }

  /**
   * Codes at or beyond a clip code become that code, as a scope sends a sample its screen clipped:
   * the codes beyond it (a Keysight's hole, 0) are never sent for a sample. Compared before
   * rounding, so that a code that rounds to the clip code is one too.
   */
  private static void clip(double[] codes, double clipLow, double clipHigh) {
    if (Double.isNaN(clipLow) && Double.isNaN(clipHigh)) {
      return;
    }
    for (int i = 0; i < codes.length; i++) {
      if (codes[i] < clipLow + 0.5) {
        codes[i] = clipLow;
      } else if (codes[i] >= clipHigh - 0.5) {
        codes[i] = clipHigh;
      }
    }
  }

  /** Forgets the kept block (the device was reset). */
  void clear() {
    lastEncoding = null;
    lastBlock = null;
  }

  private static byte[] ascii(double[] samples, NumberForm form) {
    StringBuilder out = new StringBuilder(samples.length * 14);
    for (int i = 0; i < samples.length; i++) {
      if (i > 0) {
        out.append(',');
      }
      if (form == null) {
        nr3(out, samples[i]);
      } else {
        form.append(out, samples[i]);
      }
    }
    return out.toString().getBytes(StandardCharsets.ISO_8859_1);
  }

  /**
   * Appends {@code v} as instruments send NR3 numbers, {@code +1.234567E-01}: the same text as
   * {@code String.format("%+.6E")}, written by hand because a million-point trace would otherwise
   * spend seconds in the formatter.
   */
  static void nr3(StringBuilder out, double v) {
    if (!Double.isFinite(v)) {
      out.append("+9.9E+37"); // SCPI's NAN
      return;
    }
    out.append(v < 0 ? '-' : '+');
    double a = Math.abs(v);
    int exponent = a == 0 ? 0 : (int) Math.floor(Math.log10(a));
    long mantissa = a == 0 ? 0 : Math.round(a / Math.pow(10, exponent - 6));
    if (mantissa >= 10_000_000L) {
      mantissa = Math.round(mantissa / 10.0);
      exponent++;
    } else if (mantissa > 0 && mantissa < 1_000_000L) {
      mantissa *= 10;
      exponent--;
    }
    String digits = Long.toString(mantissa);
    out.append(digits.charAt(0)).append('.');
    out.append(digits.length() > 1 ? digits.substring(1) : "000000");
    out.append('E').append(exponent < 0 ? '-' : '+');
    int e = Math.abs(exponent);
    out.append(e < 10 ? "0" : "").append(e);
  }
}
