package org.instrumentelement.ie.soap;

import java.util.concurrent.atomic.AtomicReferenceArray;
import org.instrumentelement.ie.soap.types.Value;
import org.instrumentelement.ie.soap.types.VectorEncoding;

/**
 * A value read from an instrument, kept for polls that accept its age, with its answer's XML form
 * per encoding made once and shared by every poll it serves (nobody changes a message once built).
 */
final class KeptRead {
  private final org.instrumentelement.im.model.Value value;
  private final long startedNanos;
  private final long provenance;
  private final AtomicReferenceArray<Value> answers =
      new AtomicReferenceArray<>(VectorEncoding.values().length);

  /**
   * @param startedNanos {@link System#nanoTime()} when the read began
   * @param provenance the IM's provenance revision when the read began
   */
  KeptRead(org.instrumentelement.im.model.Value value, long startedNanos, long provenance) {
    this.value = value;
    this.startedNanos = startedNanos;
    this.provenance = provenance;
  }

  /** The IM's provenance revision when the read began; 0 for an IM that keeps none. */
  long provenance() {
    return provenance;
  }

  org.instrumentelement.im.model.Value value() {
    return value;
  }

  long startedNanos() {
    return startedNanos;
  }

  /** The value as a getAttribute answer carries it (no name), built once per encoding. */
  Value answer(String units, VectorEncoding encoding) {
    Value v = answers.get(encoding.ordinal());
    if (v == null) {
      v = ValueMapping.toXml(value, null, units, encoding);
      v.provenance = ValueMapping.provenance(provenance);
      answers.compareAndSet(encoding.ordinal(), null, v);
    }
    return v;
  }
}
