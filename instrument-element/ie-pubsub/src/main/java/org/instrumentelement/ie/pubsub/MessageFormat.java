package org.instrumentelement.ie.pubsub;

import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.instrumentelement.ial.trace.ScaledCodes;
import org.instrumentelement.ie.contract.BodyType;
import org.instrumentelement.ie.contract.MessageProperty;
import org.instrumentelement.ie.contract.ValueCodec;
import org.instrumentelement.im.model.Value;
import org.instrumentelement.im.model.ValueType;

/**
 * The published message of an IM value: a JMS BytesMessage whose body is the value encoded by
 * {@link ValueCodec} and whose properties ({@link MessageProperty}) describe it. The names and
 * encodings are the contract's (ie-contract); this class only maps the IM model onto them.
 */
public final class MessageFormat {
  /** A short description, returned by getSubscriptionInfo. */
  public static final String DESCRIPTION =
      "JMS BytesMessage; body little-endian (DOUBLE_ARRAY: float64 values; DOUBLE: float64; INTEGER:"
          + " int64; BOOLEAN: 1 byte; STRING/ENUM: UTF-8; on <topic>.codes INT8_CODES/INT16_CODES:"
          + " the instrument's codes, value = code * ieScale + ieOffset); properties "
          + Stream.of(MessageProperty.values())
              .map(
                  p ->
                      p.key()
                          + (p == MessageProperty.BYTE_ORDER ? "=" + ValueCodec.BYTE_ORDER : ""))
              .collect(Collectors.joining(", "))
          + "; "
          + MessageProperty.ACQUIRED.key()
          + " and "
          + MessageProperty.PUBLISHED.key()
          + " in microseconds since the Unix epoch";

  private MessageFormat() {}

  /** The body of a value. */
  public static byte[] body(Value v) {
    return switch (v.type()) {
      case DOUBLE_ARRAY -> vectorBody(v);
      case DOUBLE -> ValueCodec.encodeDouble(v.asDouble());
      case INTEGER -> ValueCodec.encodeLong(v.asLong());
      case BOOLEAN -> ValueCodec.encodeBoolean(v.asBoolean());
      case STRING, ENUM -> ValueCodec.encodeText(v.asString());
    };
  }

  /** The {@code ieType} of a value: every IM value type has a body type of the same name. */
  public static BodyType bodyType(Value v) {
    return BodyType.valueOf(v.type().name());
  }

  /** The length property of a value. */
  public static int length(Value v) {
    return v.type() == ValueType.DOUBLE_ARRAY ? v.vectorLength() : 1;
  }

  /**
   * The {@code ieType} of a trace kept as codes, for its codes topic: INT8_CODES or INT16_CODES.
   */
  public static BodyType codesType(ScaledCodes codes) {
    return codes.width() == ScaledCodes.Width.INT8 ? BodyType.INT8_CODES : BodyType.INT16_CODES;
  }

  /** A vector's body: the bytes it came in, when it came as little-endian float64. */
  private static byte[] vectorBody(Value v) {
    byte[] le = v.littleEndianBytes();
    return le != null ? le : ValueCodec.encodeDoubles(v.asDoubles());
  }
}
