package org.instrumentelement.ial.trace;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Objects;
import org.instrumentelement.ial.ieee4882.BinaryFormat;

/**
 * A trace as the instrument sent it: 8- or 16-bit signed codes, and the scale and offset that turn
 * a code into its value, {@code code * scale + offset} computed in double precision (in that order,
 * without a fused multiply-add), which every reader of the codes computes alike and so gets the
 * same doubles to the bit. A scope sends 2,500 points as 2,500 or 5,000 bytes where doubles take
 * 20,000.
 *
 * <p>The codes are kept little-endian, as they go on the wire, so they are never encoded again.
 * Unsigned codes (Keysight's {@code :WAVeform:UNSigned ON}, Rigol) are stored shifted into the
 * signed range (minus 128 or 32,768) with the offset moved by as many scales, so that one signed
 * type carries every instrument's codes.
 *
 * <p>An instrument may name codes of its own: a NaN code (no sample there, a "hole"), which gives
 * NaN, and clip codes (the signal was beyond the screen), which give the value at the screen's edge
 * as the formula has it; they are carried so that a reader may tell a clipped sample from one that
 * just reaches the edge. Instances are not copied: do not change the bytes given or read.
 */
public final class ScaledCodes {
  /** How wide one code is. */
  public enum Width {
    /** Signed 8-bit codes. */
    INT8(1),
    /** Signed 16-bit codes, little-endian. */
    INT16(2);

    private final int bytes;

    Width(int bytes) {
      this.bytes = bytes;
    }

    /** Bytes per code. */
    public int bytes() {
      return bytes;
    }
  }

  private final Width width;
  private final byte[] littleEndian;
  private final double scale;
  private final double offset;
  private final Integer nanCode;
  private final Integer clipLowCode;
  private final Integer clipHighCode;

  private ScaledCodes(
      Width width,
      byte[] littleEndian,
      double scale,
      double offset,
      Integer nanCode,
      Integer clipLowCode,
      Integer clipHighCode) {
    this.width = Objects.requireNonNull(width);
    this.littleEndian = Objects.requireNonNull(littleEndian);
    if (littleEndian.length % width.bytes != 0) {
      throw new IllegalArgumentException(
          littleEndian.length + " bytes are not a whole number of " + width + " codes");
    }
    this.scale = scale;
    this.offset = offset;
    this.nanCode = inRange(nanCode, width);
    this.clipLowCode = inRange(clipLowCode, width);
    this.clipHighCode = inRange(clipHighCode, width);
  }

  /**
   * Codes given as little-endian bytes (one per INT8 code, two per INT16 code), taken over (not
   * copied).
   *
   * @throws IllegalArgumentException if the length is not a whole number of codes
   */
  public static ScaledCodes of(Width width, byte[] littleEndian, double scale, double offset) {
    return new ScaledCodes(width, littleEndian, scale, offset, null, null, null);
  }

  /** 16-bit codes. */
  public static ScaledCodes ofInt16(short[] codes, double scale, double offset) {
    ByteBuffer b = ByteBuffer.allocate(codes.length * 2).order(ByteOrder.LITTLE_ENDIAN);
    b.asShortBuffer().put(codes);
    return of(Width.INT16, b.array(), scale, offset);
  }

  /**
   * The codes of an instrument's binary block, if its format is one of 8 or 16 bits: signed codes
   * as they are, unsigned ones shifted into the signed range (see the class comment).
   *
   * @param scale the volts (or units) per code
   * @param offset the value of code 0 as the instrument counts its codes
   * @return the codes, or null for a format that has none (32-bit or floating point)
   * @throws IllegalArgumentException if the block is not a whole number of values
   */
  public static ScaledCodes fromBlock(
      BinaryFormat format, byte[] block, ByteOrder order, double scale, double offset) {
    int shift = shift(format);
    if (format.width() > 2) {
      return null;
    }
    if (block.length % format.width() != 0) {
      throw new IllegalArgumentException(
          block.length + " bytes is not a whole number of " + format + " values");
    }
    double shifted = offset + shift * scale;
    if (format.width() == 1) {
      byte[] codes = block;
      if (shift != 0) {
        codes = new byte[block.length];
        for (int i = 0; i < codes.length; i++) {
          codes[i] = (byte) (block[i] ^ 0x80); // minus 128, as a two's-complement byte
        }
      }
      return of(Width.INT8, codes, scale, shifted);
    }
    if (shift == 0 && order == ByteOrder.LITTLE_ENDIAN) {
      return of(Width.INT16, block, scale, shifted);
    }
    byte[] codes = new byte[block.length];
    int hi = order == ByteOrder.BIG_ENDIAN ? 0 : 1;
    int flip = shift == 0 ? 0 : 0x80; // minus 32,768: the top bit flipped
    for (int i = 0; i < codes.length; i += 2) {
      codes[i] = block[i + 1 - hi];
      codes[i + 1] = (byte) (block[i + hi] ^ flip);
    }
    return of(Width.INT16, codes, scale, shifted);
  }

  /**
   * How far an instrument's code is above the stored one: 128 or 32,768 for unsigned formats, 0 for
   * signed ones. Instrument code {@code c} is stored as {@code c - shift(format)}.
   */
  public static int shift(BinaryFormat format) {
    return switch (format) {
      case UINT8 -> 128;
      case UINT16 -> 32_768;
      default -> 0;
    };
  }

  /**
   * The same codes with the instrument's own codes for a missing sample and for a clipped one, each
   * given as stored (signed, see {@link #shift}), or null for none.
   *
   * @throws IllegalArgumentException if one is outside the width's range
   */
  public ScaledCodes withSpecialCodes(Integer nan, Integer clipLow, Integer clipHigh) {
    return new ScaledCodes(width, littleEndian, scale, offset, nan, clipLow, clipHigh);
  }

  public Width width() {
    return width;
  }

  /** The codes, little-endian, not copied: do not modify them. */
  public byte[] littleEndianBytes() {
    return littleEndian;
  }

  public double scale() {
    return scale;
  }

  public double offset() {
    return offset;
  }

  /** The code that stands for no sample (gives NaN), or null if the instrument has none. */
  public Integer nanCode() {
    return nanCode;
  }

  /** The code of a sample clipped at the bottom of the screen, or null. */
  public Integer clipLowCode() {
    return clipLowCode;
  }

  /** The code of a sample clipped at the top of the screen, or null. */
  public Integer clipHighCode() {
    return clipHighCode;
  }

  /** The number of codes. */
  public int length() {
    return littleEndian.length / width.bytes;
  }

  /** Code {@code i}. */
  public int code(int i) {
    return width == Width.INT8
        ? littleEndian[i]
        : (short) ((littleEndian[2 * i] & 0xff) | (littleEndian[2 * i + 1] << 8));
  }

  /** Every code, widened to 16 bits. */
  public short[] codes() {
    short[] c = new short[length()];
    for (int i = 0; i < c.length; i++) {
      c[i] = (short) code(i);
    }
    return c;
  }

  /** The values, {@code code * scale + offset} each; the NaN code gives NaN. */
  public double[] toDoubles() {
    double[] d = new double[length()];
    int nan = nanCode == null ? Integer.MIN_VALUE : nanCode;
    for (int i = 0; i < d.length; i++) {
      int c = code(i);
      d[i] = c == nan ? Double.NaN : c * scale + offset;
    }
    return d;
  }

  /** Same width, codes, scale, offset and special codes. */
  @Override
  public boolean equals(Object o) {
    return o instanceof ScaledCodes c
        && c.width == width
        && Double.compare(c.scale, scale) == 0
        && Double.compare(c.offset, offset) == 0
        && Objects.equals(c.nanCode, nanCode)
        && Objects.equals(c.clipLowCode, clipLowCode)
        && Objects.equals(c.clipHighCode, clipHighCode)
        && Arrays.equals(c.littleEndian, littleEndian);
  }

  @Override
  public int hashCode() {
    return Objects.hash(width, scale, offset, nanCode, Arrays.hashCode(littleEndian));
  }

  @Override
  public String toString() {
    return width + "[" + length() + "] * " + scale + " + " + offset;
  }

  private static Integer inRange(Integer code, Width width) {
    if (code == null) {
      return null;
    }
    int limit = width == Width.INT8 ? Byte.MAX_VALUE : Short.MAX_VALUE;
    if (code < -limit - 1 || code > limit) {
      throw new IllegalArgumentException("code " + code + " is not a " + width + " code");
    }
    return code;
  }
}
