package org.instrumentelement.im.sensors;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Locale;

/**
 * How the nodes of one sensor network encode their readings; chosen per IM (parameter {@code
 * format}). Every format carries one or more finite numbers; the binary ones are for nodes that
 * have no room for text.
 */
public enum ReadingFormat {
  /**
   * UTF-8 JSON: a number ({@code 21.5}), an array of numbers ({@code [1.5, 2, 3]}), or an object
   * {@code {"v": 21.5 | [..], "seq": 17, "t": 1763900000123}} whose {@code seq} (the message number
   * from 0 after each start) and {@code t} (ms since the Unix epoch) are optional.
   */
  JSON("json") {
    @Override
    Reading parse(byte[] body, int maxValues) throws MalformedReadingException {
      return JsonReading.parse(body, maxValues);
    }
  },

  /** The values only, as IEEE-754 float64, little-endian, 8 bytes each. */
  LE_DOUBLES("le-doubles") {
    @Override
    Reading parse(byte[] body, int maxValues) throws MalformedReadingException {
      return new Reading(doubles(body, 0, maxValues), Reading.NONE, Reading.NONE);
    }
  },

  /**
   * Little-endian: the sequence number (int64, from 0 after each start; negative: none), the node's
   * time (int64 ms since the Unix epoch; 0 or negative: none), then the values as float64.
   */
  LE_SEQ_TIME_DOUBLES("le-seq-time-doubles") {
    @Override
    Reading parse(byte[] body, int maxValues) throws MalformedReadingException {
      if (body.length < 16) {
        throw new MalformedReadingException(
            "a " + configName() + " message has 16 bytes of header and at least one value");
      }
      ByteBuffer b = ByteBuffer.wrap(body, 0, 16).order(ByteOrder.LITTLE_ENDIAN);
      long seq = b.getLong();
      long time = b.getLong();
      return new Reading(
          doubles(body, 16, maxValues),
          seq < 0 ? Reading.NONE : seq,
          time <= 0 ? Reading.NONE : time);
    }
  };

  private final String configName;

  ReadingFormat(String configName) {
    this.configName = configName;
  }

  /** The name in configuration and in the IM's {@code format} parameter. */
  public String configName() {
    return configName;
  }

  /**
   * The format of a configuration name.
   *
   * @throws IllegalArgumentException if there is none of that name
   */
  public static ReadingFormat of(String name) {
    for (ReadingFormat f : values()) {
      if (f.configName.equals(name.trim().toLowerCase(Locale.ROOT))) {
        return f;
      }
    }
    throw new IllegalArgumentException("no reading format '" + name + "'");
  }

  /** Every configuration name, for the IM's model. */
  static String[] configNames() {
    ReadingFormat[] all = values();
    String[] out = new String[all.length];
    for (int i = 0; i < all.length; i++) {
      out[i] = all[i].configName;
    }
    return out;
  }

  /**
   * Parses one message.
   *
   * @param maxValues the most values a reading may have
   * @throws MalformedReadingException if it is not a reading in this format
   */
  abstract Reading parse(byte[] body, int maxValues) throws MalformedReadingException;

  private static double[] doubles(byte[] body, int offset, int maxValues)
      throws MalformedReadingException {
    int bytes = body.length - offset;
    if (bytes <= 0 || bytes % 8 != 0) {
      throw new MalformedReadingException(
          "the values take " + bytes + " bytes, not a positive multiple of 8");
    }
    int n = bytes / 8;
    if (n > maxValues) {
      throw new MalformedReadingException(n + " values, more than " + maxValues);
    }
    ByteBuffer b = ByteBuffer.wrap(body, offset, bytes).order(ByteOrder.LITTLE_ENDIAN);
    double[] out = new double[n];
    for (int i = 0; i < n; i++) {
      out[i] = finite(b.getDouble());
    }
    return out;
  }

  static double finite(double v) throws MalformedReadingException {
    if (!Double.isFinite(v)) {
      throw new MalformedReadingException("a value is not a finite number");
    }
    return v;
  }
}
