package org.instrumentelement.im.sampling;

import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.Value;

/**
 * What a sampler reads of an Instrument Manager. It lives beside the sampler so that sampling
 * depends on no IM package: the IM package uses alarms, and alarms check samples.
 */
public interface SampledInstrument {
  /** The IM's path in the hierarchy (e.g. {@code lab/scope}). */
  String path();

  /** The current state. */
  String state();

  /** The IM's provenance revision (see {@code InstrumentManager#provenanceRevision}). */
  long provenanceRevision();

  /** Reads an attribute from the instrument. */
  Value getAttribute(String name) throws ImException;
}
