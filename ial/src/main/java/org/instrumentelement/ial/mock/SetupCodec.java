package org.instrumentelement.ial.mock;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;
import org.instrumentelement.ial.scpi.device.ScpiError;
import org.instrumentelement.ial.scpi.device.ScpiErrorException;

/**
 * The setup block of a simulated instrument: every setting, binary, checked by a CRC, as real
 * instruments keep theirs (opaque to the controller, which stores it and sends it back). All
 * integers are big-endian:
 *
 * <pre>
 * "IESETUP1"                        8 bytes: what it is, and the format's version
 * u16 length, model name (UTF-8)    a setup is only taken by the model that made it
 * u16 count                         then count settings:
 *   u16 length, property name (UTF-8)
 *   u8 channel                      0 for a property that is not per channel
 *   u8 type                         'D' double (f64), 'I' integer (i64), 'B' boolean (u8),
 *                                   'S' an enum's or a string's value (u16 length, UTF-8)
 *   the value
 * u32 CRC-32 of everything before it
 * </pre>
 *
 * Decoding checks everything (the CRC, the model, every name, channel, type, range and keyword)
 * before it returns, so that a setup is restored whole or not at all.
 */
final class SetupCodec {
  private static final byte[] MAGIC = "IESETUP1".getBytes(StandardCharsets.US_ASCII);

  /** One setting of a setup. */
  record Entry(MockProperty property, int channel, Object value) {}

  private SetupCodec() {}

  /** Every setting of {@code d} as a setup block's payload. */
  static byte[] encode(MockDeviceDescription d, MockSettings settings) {
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      DataOutputStream out = new DataOutputStream(bytes);
      out.write(MAGIC);
      text(out, d.model);
      List<Entry> entries = new ArrayList<>();
      for (MockProperty p : d.properties.values()) {
        if (p.perChannel()) {
          for (int ch = 1; ch <= d.channels; ch++) {
            entries.add(new Entry(p, ch, settings.value(p.name(), ch)));
          }
        } else {
          entries.add(new Entry(p, 0, settings.value(p.name(), 1)));
        }
      }
      out.writeShort(entries.size());
      for (Entry e : entries) {
        text(out, e.property().name());
        out.writeByte(e.channel());
        switch (e.property().type()) {
          case DOUBLE -> {
            out.writeByte('D');
            out.writeDouble((Double) e.value());
          }
          case INTEGER -> {
            out.writeByte('I');
            out.writeLong((Long) e.value());
          }
          case BOOLEAN -> {
            out.writeByte('B');
            out.writeByte((Boolean) e.value() ? 1 : 0);
          }
          case ENUM, STRING -> {
            out.writeByte('S');
            text(out, String.valueOf(e.value()));
          }
        }
      }
      CRC32 crc = new CRC32();
      crc.update(bytes.toByteArray());
      out.writeInt((int) crc.getValue());
      return bytes.toByteArray();
    } catch (IOException e) {
      throw new IllegalStateException("writing to memory failed", e);
    }
  }

  /**
   * The settings a setup block holds.
   *
   * @throws ScpiErrorException -224 if the block is not a sound setup of this model
   */
  static List<Entry> decode(MockDeviceDescription d, byte[] block) throws ScpiErrorException {
    if (block.length < MAGIC.length + 8) {
      throw refused("too short for a setup");
    }
    CRC32 crc = new CRC32();
    crc.update(block, 0, block.length - 4);
    ByteBuffer in = ByteBuffer.wrap(block);
    if ((int) crc.getValue() != in.getInt(block.length - 4)) {
      throw refused("not a setup of this instrument, or damaged");
    }
    in.limit(block.length - 4);
    try {
      byte[] magic = new byte[MAGIC.length];
      in.get(magic);
      if (!java.util.Arrays.equals(magic, MAGIC)) {
        throw refused("not a setup of this instrument");
      }
      String model = text(in);
      if (!model.equals(d.model)) {
        throw refused("a setup of " + model + ", not of this instrument");
      }
      int count = Short.toUnsignedInt(in.getShort());
      List<Entry> entries = new ArrayList<>(count);
      for (int i = 0; i < count; i++) {
        String name = text(in);
        MockProperty p = d.properties.get(name);
        if (p == null) {
          throw refused("unknown setting");
        }
        int channel = Byte.toUnsignedInt(in.get());
        if (p.perChannel() ? channel < 1 || channel > d.channels : channel != 0) {
          throw refused("no channel " + channel + " for " + name);
        }
        int type = in.get();
        Object value =
            switch (type) {
              case 'D' -> in.getDouble();
              case 'I' -> in.getLong();
              case 'B' -> in.get() != 0;
              case 'S' -> text(in);
              default -> throw refused("unknown type for " + name);
            };
        entries.add(new Entry(p, channel, checked(p, type, value)));
      }
      if (in.hasRemaining()) {
        throw refused("bytes after the last setting");
      }
      return entries;
    } catch (BufferUnderflowException e) {
      throw refused("ends early");
    }
  }

  /** The value as the property would take it from a command, or a refusal. */
  private static Object checked(MockProperty p, int type, Object value) throws ScpiErrorException {
    char expected =
        switch (p.type()) {
          case DOUBLE -> 'D';
          case INTEGER -> 'I';
          case BOOLEAN -> 'B';
          case ENUM, STRING -> 'S';
        };
    if (type != expected) {
      throw refused("wrong type for " + p.name());
    }
    switch (p.type()) {
      case DOUBLE, INTEGER -> {
        double v = ((Number) value).doubleValue();
        if (!Double.isFinite(v) || v < p.min() || v > p.max()) {
          throw refused(p.name() + " out of range");
        }
        return value;
      }
      case ENUM -> {
        String s = (String) value;
        if (p.keywords().stream().noneMatch(k -> k.shortForm().equals(s))) {
          throw refused(p.name() + " has no value " + s);
        }
        return s;
      }
      default -> {
        return value;
      }
    }
  }

  private static ScpiErrorException refused(String why) {
    return new ScpiErrorException(ScpiError.ILLEGAL_VALUE.withDetail("setup " + why));
  }

  private static void text(DataOutputStream out, String s) throws IOException {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    out.writeShort(b.length);
    out.write(b);
  }

  private static String text(ByteBuffer in) {
    int n = Short.toUnsignedInt(in.getShort());
    byte[] b = new byte[n];
    in.get(b);
    return new String(b, StandardCharsets.UTF_8);
  }
}
