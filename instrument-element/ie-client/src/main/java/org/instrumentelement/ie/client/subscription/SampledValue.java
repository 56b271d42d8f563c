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
 * @param type DOUBLE_ARRAY, DOUBLE, INTEGER, BOOLEAN, STRING or ENUM; on a codes topic INT8_CODES
 *     or INT16_CODES
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
    long provenance,
    CodeScaling scaling) {

  /** A value without a provenance revision that is not a trace of codes. */
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
        heartbeat, body, 0, null);
  }

  /** The type as the contract knows it, or null for one newer than this client. */
  public BodyType bodyType() {
    return BodyType.named(type);
  }

  /**
   * The doubles of a DOUBLE_ARRAY (or the one double of a DOUBLE), or of a trace of codes: {@code
   * code * scale + offset} each, bit-identical to the Instrument Element's doubles of the trace.
   */
  public double[] doubles() {
    if (scaling != null) {
      return ValueCodec.decodeCodes(
          bodyType(), body, scaling.scale(), scaling.offset(), scaling.nanCode());
    }
    return ValueCodec.decodeDoubles(body);
  }

  /** Whether this is a trace of codes (INT8_CODES, INT16_CODES), which {@link #codes} gives. */
  public boolean hasCodes() {
    return scaling != null;
  }

  /**
   * The codes of a trace of codes, as the instrument sent them (signed; see {@link #scaling}).
   *
   * @throws IllegalArgumentException if this is not a trace of codes
   */
  public int[] codes() {
    return ValueCodec.codes(bodyType(), body);
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
