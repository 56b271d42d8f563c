package org.instrumentelement.ie.soap;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.instrumentelement.ial.trace.ScaledCodes;
import org.instrumentelement.ie.contract.BodyType;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.ie.contract.ValueCodec;
import org.instrumentelement.ie.soap.types.DoubleList;
import org.instrumentelement.ie.soap.types.DoubleText;
import org.instrumentelement.ie.soap.types.Quality;
import org.instrumentelement.ie.soap.types.Value;
import org.instrumentelement.ie.soap.types.ValueType;
import org.instrumentelement.ie.soap.types.VectorEncoding;
import org.instrumentelement.im.model.ImException;

/** Converts values between the IM model and the XML messages. */
final class ValueMapping {
  /** The message's type of each model type, by ordinal (the same names). */
  private static final ValueType[] TYPES =
      Arrays.stream(org.instrumentelement.im.model.ValueType.values())
          .map(t -> ValueType.valueOf(t.name()))
          .toArray(ValueType[]::new);

  /** The message's quality of each model quality, by ordinal (the same names). */
  private static final Quality[] QUALITIES =
      Arrays.stream(org.instrumentelement.im.model.Quality.values())
          .map(q -> Quality.valueOf(q.name()))
          .toArray(Quality[]::new);

  private ValueMapping() {}

  /** The XML form of a model value. */
  static Value toXml(
      org.instrumentelement.im.model.Value v, String name, String units, VectorEncoding encoding) {
    Value x = new Value();
    x.name = name;
    x.type = TYPES[v.type().ordinal()];
    x.timestamp = v.timestamp();
    x.quality = QUALITIES[v.quality().ordinal()];
    x.units = units == null || units.isEmpty() ? null : units;
    switch (v.type()) {
      case DOUBLE -> x.doubleValue = v.asDouble();
      case INTEGER -> x.integerValue = v.asLong();
      case BOOLEAN -> x.booleanValue = v.asBoolean();
      case STRING, ENUM -> x.stringValue = v.asString();
      case DOUBLE_ARRAY -> {
        x.length = v.vectorLength();
        ScaledCodes codes = encoding == VectorEncoding.CODES ? v.scaledCodes() : null;
        if (codes != null) {
          x.data = codes.littleEndianBytes();
          x.codes = codesType(codes);
          x.scale = codes.scale();
          x.offset = codes.offset();
          x.nanCode = codes.nanCode();
          x.clipLowCode = codes.clipLowCode();
          x.clipHighCode = codes.clipHighCode();
        } else if (encoding == VectorEncoding.BINARY || encoding == VectorEncoding.CODES) {
          byte[] le = v.littleEndianBytes();
          x.data = le != null ? le : ValueCodec.encodeDoubles(v.asDoubles());
        } else {
          x.doubles = new DoubleList(v.asDoubles());
        }
      }
    }
    return x;
  }

  /**
   * The model form of a value a client sent. The payload element present decides the type; the
   * item's spec converts and checks it afterwards.
   *
   * @throws ImException WRONG_TYPE if no payload or several are present, or the binary data is not
   *     whole doubles
   */
  static org.instrumentelement.im.model.Value fromXml(Value x, String what) throws ImException {
    if (x == null) {
      throw new ImException(FaultCode.WRONG_TYPE, what + ": no value given");
    }
    int present =
        count(x.doubleValue, x.integerValue, x.booleanValue, x.stringValue, x.doubles, x.data);
    if (present != 1) {
      throw new ImException(
          FaultCode.WRONG_TYPE,
          what
              + ": a value needs exactly one of doubleValue, integerValue, booleanValue,"
              + " stringValue, doubles, data; got "
              + present);
    }
    Instant now = Instant.now();
    if (x.doubleValue != null) {
      return org.instrumentelement.im.model.Value.ofDouble(x.doubleValue, now);
    } else if (x.integerValue != null) {
      return org.instrumentelement.im.model.Value.ofInteger(x.integerValue, now);
    } else if (x.booleanValue != null) {
      return org.instrumentelement.im.model.Value.ofBoolean(x.booleanValue, now);
    } else if (x.stringValue != null) {
      return x.type == ValueType.ENUM
          ? org.instrumentelement.im.model.Value.ofEnum(x.stringValue, now)
          : org.instrumentelement.im.model.Value.ofString(x.stringValue, now);
    } else if (x.doubles != null) {
      return org.instrumentelement.im.model.Value.ofDoubles(parseDoubles(x.doubles, what), now);
    }
    if (x.data.length % Double.BYTES != 0) {
      throw new ImException(
          FaultCode.WRONG_TYPE,
          what + ": binary data of " + x.data.length + " bytes is not whole doubles");
    }
    return org.instrumentelement.im.model.Value.ofDoubles(ValueCodec.decodeDoubles(x.data), now);
  }

  /**
   * The items of an xs:list of xs:double. Accepts xs:double's spellings ({@code INF}, {@code -INF},
   * {@code NaN}) besides Java's.
   *
   * @throws ImException WRONG_TYPE naming the first item that is not a double
   */
  static double[] parseDoubles(List<String> items, String what) throws ImException {
    if (items instanceof DoubleList d) {
      // Parsed as it was read (a request), or a server vector's view: no text per item.
      int bad = d.firstUnparsed();
      if (bad >= 0) {
        throw notADouble(what, bad, d.get(bad));
      }
      return d.valuesToKeep();
    }
    double[] out = new double[items.size()];
    for (int i = 0; i < out.length; i++) {
      String t = items.get(i).trim();
      try {
        out[i] = DoubleText.parse(t);
      } catch (NumberFormatException e) {
        throw notADouble(what, i, t);
      }
    }
    return out;
  }

  private static ImException notADouble(String what, int item, String text) {
    return new ImException(
        FaultCode.WRONG_TYPE,
        what + ": item " + item + " of doubles is not a double: '" + abbreviate(text) + "'");
  }

  private static String abbreviate(String s) {
    return s.length() <= 40 ? s : s.substring(0, 40) + "...";
  }

  private static int count(Object... payloads) {
    int n = 0;
    for (Object p : payloads) {
      if (p != null) {
        n++;
      }
    }
    return n;
  }

  static List<String> sorted(java.util.Set<String> states) {
    return states.stream().sorted().toList();
  }

  /** The body type that names a trace's codes: INT8_CODES or INT16_CODES. */
  static String codesType(ScaledCodes c) {
    return (c.width() == ScaledCodes.Width.INT8 ? BodyType.INT8_CODES : BodyType.INT16_CODES)
        .name();
  }

  /** A provenance revision as a value carries it: absent for an IM that keeps none (0). */
  static Long provenance(long revision) {
    return revision > 0 ? revision : null;
  }
}
