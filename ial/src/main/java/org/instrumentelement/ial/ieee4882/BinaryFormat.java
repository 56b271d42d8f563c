package org.instrumentelement.ial.ieee4882;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Locale;

/**
 * How numbers are laid out inside a binary block. Instruments send waveforms as signed or unsigned
 * integers of 1, 2 or 4 bytes, or as IEEE-754 floats of 4 or 8 bytes, in either byte order.
 */
public enum BinaryFormat {
  INT8(1),
  /** Unsigned bytes, as Keysight ({@code :WAV:UNS ON}) and Rigol send them. */
  UINT8(1),
  INT16(2),
  UINT16(2),
  INT32(4),
  FLOAT32(4),
  FLOAT64(8);

  private final int width;

  BinaryFormat(int width) {
    this.width = width;
  }

  /** Bytes per value. */
  public int width() {
    return width;
  }

  /** Parses names such as {@code float64}, {@code INT16}. */
  public static BinaryFormat of(String name) {
    return valueOf(name.trim().toUpperCase(Locale.ROOT));
  }

  /**
   * Decodes every whole value in {@code data} as a double.
   *
   * @throws IllegalArgumentException if the length is not a multiple of the value width
   */
  public double[] decode(byte[] data, ByteOrder order) {
    if (data.length % width != 0) {
      throw new IllegalArgumentException(
          data.length + " bytes is not a whole number of " + this + " values");
    }
    ByteBuffer buf = ByteBuffer.wrap(data).order(order);
    double[] out = new double[data.length / width];
    switch (this) {
      case FLOAT64 -> buf.asDoubleBuffer().get(out);
      case FLOAT32 -> {
        for (int i = 0; i < out.length; i++) {
          out[i] = buf.getFloat();
        }
      }
      case INT32 -> {
        for (int i = 0; i < out.length; i++) {
          out[i] = buf.getInt();
        }
      }
      case INT16 -> {
        for (int i = 0; i < out.length; i++) {
          out[i] = buf.getShort();
        }
      }
      case INT8 -> {
        for (int i = 0; i < out.length; i++) {
          out[i] = buf.get();
        }
      }
      case UINT16 -> {
        for (int i = 0; i < out.length; i++) {
          out[i] = buf.getShort() & 0xffff;
        }
      }
      case UINT8 -> {
        for (int i = 0; i < out.length; i++) {
          out[i] = buf.get() & 0xff;
        }
      }
    }
    return out;
  }

  /** Encodes {@code values}; integer formats round to the nearest value and saturate. */
  public byte[] encode(double[] values, ByteOrder order) {
    byte[] out = new byte[values.length * width];
    encode(values, order, out, 0);
    return out;
  }

  /**
   * Encodes {@code values} into {@code out} from {@code offset} (which must have room for {@code
   * values.length * width()} bytes): a block's header and data in one array, without a copy.
   *
   * @throws IndexOutOfBoundsException if {@code out} has no room for them
   */
  public void encode(double[] values, ByteOrder order, byte[] out, int offset) {
    ByteBuffer buf = ByteBuffer.wrap(out, offset, values.length * width).slice().order(order);
    switch (this) {
      case FLOAT64 -> buf.asDoubleBuffer().put(values);
      case FLOAT32 -> {
        for (double v : values) {
          buf.putFloat((float) v);
        }
      }
      case INT32 -> {
        for (double v : values) {
          buf.putInt((int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, Math.rint(v))));
        }
      }
      case INT16 -> {
        for (double v : values) {
          buf.putShort((short) Math.max(Short.MIN_VALUE, Math.min(Short.MAX_VALUE, Math.rint(v))));
        }
      }
      case INT8 -> {
        for (double v : values) {
          buf.put((byte) Math.max(Byte.MIN_VALUE, Math.min(Byte.MAX_VALUE, Math.rint(v))));
        }
      }
      case UINT16 -> {
        for (double v : values) {
          buf.putShort((short) (int) Math.max(0, Math.min(0xffff, Math.rint(v))));
        }
      }
      case UINT8 -> {
        for (double v : values) {
          buf.put((byte) (int) Math.max(0, Math.min(0xff, Math.rint(v))));
        }
      }
    }
  }
}
