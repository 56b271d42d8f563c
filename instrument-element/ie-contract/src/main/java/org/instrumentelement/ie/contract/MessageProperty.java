package org.instrumentelement.ie.contract;

import java.util.Locale;

/**
 * The properties of a published sample (a JMS BytesMessage; STOMP subscribers get them as frame
 * headers). The reference for docs/subscriptions.md, "Message format", which {@code
 * MessageFormatReferenceTest} holds to this list: add properties, never rename them.
 */
public enum MessageProperty {
  /** Per-topic sequence number, from 1, one more for every published sample: a gap means loss. */
  SEQUENCE("ieSequence", Type.LONG),
  /** When this Instrument Element started (ms since the Unix epoch); sequences restart with it. */
  EPOCH("ieEpoch", Type.LONG),
  /**
   * When the instrument produced the value, in {@link EpochMicros microseconds} since the epoch.
   */
  ACQUIRED("ieAcquired", Type.LONG),
  /** When the Instrument Element sent the message, in {@link EpochMicros microseconds}. */
  PUBLISHED("iePublished", Type.LONG),
  /** The value's {@link BodyType}, which says how the body is encoded ({@link ValueCodec}). */
  TYPE("ieType", Type.STRING),
  /** Number of doubles of a vector; 1 for a scalar. */
  LENGTH("ieLength", Type.INT),
  /** The attribute's units, e.g. {@code V}; empty when it has none. */
  UNITS("ieUnits", Type.STRING),
  /** GOOD, UNCERTAIN or BAD. */
  QUALITY("ieQuality", Type.STRING),
  /** True when the value is unchanged and republished only to show the attribute is alive. */
  HEARTBEAT("ieHeartbeat", Type.BOOLEAN),
  /** The IM's path. */
  IM("ieIm", Type.STRING),
  /** The attribute's name. */
  ATTRIBUTE("ieAttribute", Type.STRING),
  /** Byte order of the body: always {@value ValueCodec#BYTE_ORDER}. */
  BYTE_ORDER("ieByteOrder", Type.STRING),
  /**
   * The IM's provenance revision when the value was read: it grows whenever a parameter of the IM
   * takes a value or the instrument is linked again, so equal revisions mean the same configuration
   * and instrument. {@code getProvenance} returns the full record of a revision. With {@link
   * #EPOCH}: revisions restart with the Instrument Element. 0 when the IM keeps none.
   */
  PROVENANCE("ieProvenance", Type.LONG),
  /** Of a trace of codes ({@link BodyType#INT8_CODES}, INT16_CODES): the value of one code step. */
  SCALE("ieScale", Type.DOUBLE),
  /** Of a trace of codes: the value of code 0, so value = code * ieScale + ieOffset. */
  OFFSET("ieOffset", Type.DOUBLE),
  /** Of a trace of codes, only if the instrument has one: the code of no sample, read as NaN. */
  NAN_CODE("ieNanCode", Type.INT),
  /** Of a trace of codes, only if the instrument has one: the code of a sample clipped low. */
  CLIP_LOW_CODE("ieClipLowCode", Type.INT),
  /** Of a trace of codes, only if the instrument has one: the code of a sample clipped high. */
  CLIP_HIGH_CODE("ieClipHighCode", Type.INT);

  /** The JMS type a property is set and read with. */
  public enum Type {
    LONG,
    INT,
    DOUBLE,
    STRING,
    BOOLEAN;

    /** The type as the documentation writes it ({@code long}, {@code string}, ...). */
    public String documented() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  private final String key;
  private final Type type;

  MessageProperty(String key, Type type) {
    this.key = key;
    this.type = type;
  }

  /** The property's name on the message, e.g. {@code ieSequence}. */
  public String key() {
    return key;
  }

  /** The JMS type it is set with, so a subscriber knows which getter reads it. */
  public Type type() {
    return type;
  }
}
