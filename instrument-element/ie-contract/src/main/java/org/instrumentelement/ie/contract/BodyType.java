package org.instrumentelement.ie.contract;

/**
 * The type of a published value, sent as the {@code ieType} property: it says how {@link
 * ValueCodec} encodes the message's body. The reference for the body table of
 * docs/subscriptions.md, "Message format" ({@code MessageFormatReferenceTest}).
 */
public enum BodyType {
  /** The doubles as IEEE-754 float64, little-endian, 8 bytes each ({@code ieLength} of them). */
  DOUBLE_ARRAY,
  /** One IEEE-754 float64, little-endian. */
  DOUBLE,
  /** One two's-complement int64, little-endian. */
  INTEGER,
  /** One byte, 0 or 1. */
  BOOLEAN,
  /** UTF-8 text. */
  STRING,
  /** UTF-8 text: one of the attribute's choices. */
  ENUM,
  /**
   * A trace as the instrument's signed 8-bit codes, one byte each ({@code ieLength} of them); value
   * {@code i} is {@code code[i] * ieScale + ieOffset} in double precision ({@link
   * ValueCodec#decodeCodes}). Sent on an attribute's codes topic only ({@link TopicNames#codes}).
   */
  INT8_CODES,
  /** As {@link #INT8_CODES}, with signed 16-bit codes, little-endian, 2 bytes each. */
  INT16_CODES;

  /**
   * The type an {@code ieType} value names, or null for one this contract does not know (sent by a
   * newer Instrument Element), which a client may then show as text or skip.
   */
  public static BodyType named(String ieType) {
    for (BodyType t : values()) {
      if (t.name().equals(ieType)) {
        return t;
      }
    }
    return null;
  }
}
