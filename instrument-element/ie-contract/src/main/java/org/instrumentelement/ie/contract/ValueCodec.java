package org.instrumentelement.ie.contract;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * The binary encodings of values, written once for every side: the body of a published message (by
 * its {@code ieType}, a {@link BodyType}) and the {@code BINARY} encoding of a vector in SOAP
 * ({@code data}, base64 of the same bytes). Numbers are little-endian, the byte order of the
 * machines that read them, so that a client copies the bytes into its array without swapping.
 *
 * <table>
 *   <caption>Body by type</caption>
 *   <tr><th>type</th><th>body</th></tr>
 *   <tr><td>DOUBLE_ARRAY</td><td>the doubles as IEEE-754 float64, little-endian, 8 bytes each</td></tr>
 *   <tr><td>DOUBLE</td><td>one IEEE-754 float64, little-endian</td></tr>
 *   <tr><td>INTEGER</td><td>one two's-complement int64, little-endian</td></tr>
 *   <tr><td>BOOLEAN</td><td>one byte, 0 or 1</td></tr>
 *   <tr><td>STRING, ENUM</td><td>UTF-8 text</td></tr>
 *   <tr><td>INT8_CODES</td><td>signed 8-bit codes, one byte each</td></tr>
 *   <tr><td>INT16_CODES</td><td>signed 16-bit codes, little-endian, 2 bytes each</td></tr>
 * </table>
 */
public final class ValueCodec {
  /** The value of the {@code ieByteOrder} property: the body is little-endian. */
  public static final String BYTE_ORDER = "LE";

  private ValueCodec() {}

  /** A vector: IEEE-754 float64 values, little-endian, 8 bytes each. */
  public static byte[] encodeDoubles(double[] values) {
    ByteBuffer b = ByteBuffer.allocate(values.length * Double.BYTES).order(ByteOrder.LITTLE_ENDIAN);
    b.asDoubleBuffer().put(values);
    return b.array();
  }

  /**
   * The doubles of an encoded vector.
   *
   * @throws IllegalArgumentException if the length is not a whole number of doubles
   */
  public static double[] decodeDoubles(byte[] bytes) {
    if (bytes.length % Double.BYTES != 0) {
      throw new IllegalArgumentException(
          bytes.length + " bytes are not a whole number of 8-byte doubles");
    }
    double[] d = new double[bytes.length / Double.BYTES];
    ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asDoubleBuffer().get(d);
    return d;
  }

  /** One double: 8 bytes, little-endian. */
  public static byte[] encodeDouble(double value) {
    return ByteBuffer.allocate(Double.BYTES)
        .order(ByteOrder.LITTLE_ENDIAN)
        .putDouble(value)
        .array();
  }

  /** The double of an encoded DOUBLE body. */
  public static double decodeDouble(byte[] bytes) {
    return ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getDouble();
  }

  /** One integer: a two's-complement int64, little-endian. */
  public static byte[] encodeLong(long value) {
    return ByteBuffer.allocate(Long.BYTES).order(ByteOrder.LITTLE_ENDIAN).putLong(value).array();
  }

  /** The integer of an encoded INTEGER body. */
  public static long decodeLong(byte[] bytes) {
    return ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getLong();
  }

  /** A boolean: one byte, 0 or 1. */
  public static byte[] encodeBoolean(boolean value) {
    return new byte[] {(byte) (value ? 1 : 0)};
  }

  /** The boolean of an encoded BOOLEAN body: any byte but 0 is true. */
  public static boolean decodeBoolean(byte[] bytes) {
    return bytes.length > 0 && bytes[0] != 0;
  }

  /** A STRING or ENUM: UTF-8. */
  public static byte[] encodeText(String value) {
    return value.getBytes(StandardCharsets.UTF_8);
  }

  /** The text of an encoded STRING or ENUM body. */
  public static String decodeText(byte[] bytes) {
    return new String(bytes, StandardCharsets.UTF_8);
  }

  /**
   * The values of a trace of codes: {@code code * scale + offset} each, in double precision (in
   * that order, no fused multiply-add), and NaN for {@code nanCode}; the same doubles, to the bit,
   * as the Instrument Element's own.
   *
   * @param type {@link BodyType#INT8_CODES} or {@link BodyType#INT16_CODES}
   * @param nanCode the code of no sample, or null
   * @throws IllegalArgumentException for another type, or a length that is not whole codes
   */
  public static double[] decodeCodes(
      BodyType type, byte[] body, double scale, double offset, Integer nanCode) {
    int[] codes = codes(type, body);
    double[] d = new double[codes.length];
    int nan = nanCode == null ? Integer.MIN_VALUE : nanCode;
    for (int i = 0; i < d.length; i++) {
      d[i] = codes[i] == nan ? Double.NaN : codes[i] * scale + offset;
    }
    return d;
  }

  /**
   * The codes of a trace of codes, as they were sent.
   *
   * @throws IllegalArgumentException for another type, or a length that is not whole codes
   */
  public static int[] codes(BodyType type, byte[] body) {
    if (type == BodyType.INT8_CODES) {
      int[] c = new int[body.length];
      for (int i = 0; i < c.length; i++) {
        c[i] = body[i];
      }
      return c;
    }
    if (type != BodyType.INT16_CODES) {
      throw new IllegalArgumentException(type + " is not a trace of codes");
    }
    if (body.length % 2 != 0) {
      throw new IllegalArgumentException(body.length + " bytes are not a whole number of codes");
    }
    int[] c = new int[body.length / 2];
    for (int i = 0; i < c.length; i++) {
      c[i] = (short) ((body[2 * i] & 0xff) | (body[2 * i + 1] << 8));
    }
    return c;
  }
}
