package org.instrumentelement.ie.client.subscription;

import java.time.Instant;
import org.instrumentelement.ie.contract.BodyType;
import org.instrumentelement.ie.contract.ValueCodec;

/**
 * One published value, decoded from its message (see docs/subscriptions.md, "Message format").
 *
 * @param sequence per-topic number, consecutive unless samples were missed
 * @param epoch start time of the publishing Instrument Element; a new epoch restarts sequences
 * @param acquired when the instrument produced the value
 * @param published when the Instrument Element sent it
 * @param type DOUBLE_ARRAY, DOUBLE, INTEGER, BOOLEAN, STRING or ENUM
 * @param body the raw little-endian body
 * @param provenance the IM's provenance revision when the value was read ({@code ieProvenance}):
 *     {@code getProvenance} says what it stands for; 0 from an IM, or an Instrument Element, that
 *     keeps none
 */
public record SampledValue(
    String topic,
    String im,
    String attribute,
    long sequence,
    long epoch,
    Instant acquired,
    Instant published,
    String type,
    int length,
    String units,
    String quality,
    boolean heartbeat,
    byte[] body,
    long provenance) {

  /** A value without a provenance revision. */
  public SampledValue(
      String topic,
      String im,
      String attribute,
      long sequence,
      long epoch,
      Instant acquired,
      Instant published,
      String type,
      int length,
      String units,
      String quality,
      boolean heartbeat,
      byte[] body) {
    this(
        topic, im, attribute, sequence, epoch, acquired, published, type, length, units, quality,
        heartbeat, body, 0);
  }

  /** The type as the contract knows it, or null for one newer than this client. */
  public BodyType bodyType() {
    return BodyType.named(type);
  }

  /** The doubles of a DOUBLE_ARRAY (or the one double of a DOUBLE). */
  public double[] doubles() {
    return ValueCodec.decodeDoubles(body);
  }

  /** The value of a DOUBLE. */
  public double asDouble() {
    return ValueCodec.decodeDouble(body);
  }

  /** The value of an INTEGER. */
  public long asLong() {
    return ValueCodec.decodeLong(body);
  }

  /** The value of a BOOLEAN. */
  public boolean asBoolean() {
    return ValueCodec.decodeBoolean(body);
  }

  /** The value of a STRING or ENUM. */
  public String asString() {
    return ValueCodec.decodeText(body);
  }
}
