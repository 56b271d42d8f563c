package org.instrumentelement.im.sampling;

import org.instrumentelement.im.model.Value;

/**
 * One value to publish.
 *
 * @param sequence per attribute, from 1, one more for every sample handed to the sink: a gap seen
 *     by a subscriber means a sample it never got
 * @param heartbeat whether this is a repetition of an unchanged value
 * @param provenance the IM's {@link org.instrumentelement.im.InstrumentManager#provenanceRevision
 *     provenance revision} when the read began: every change up to it was in effect; 0 for none
 */
public record Sample(
    String imPath,
    String attribute,
    Value value,
    long sequence,
    boolean heartbeat,
    long provenance) {

  /** A sample with no provenance revision (an IM that keeps none). */
  public Sample(String imPath, String attribute, Value value, long sequence, boolean heartbeat) {
    this(imPath, attribute, value, sequence, heartbeat, 0);
  }
}
